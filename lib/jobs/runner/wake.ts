/**
 * The runners of this process, so that a command (start, retry) wakes them at once instead of
 * at their next poll. Runners in other processes notice within their poll interval.
 */
const shared = globalThis as typeof globalThis & { voiceJobRunnerWakers?: Set<() => void> };

function wakers(): Set<() => void> {
  shared.voiceJobRunnerWakers ??= new Set();
  return shared.voiceJobRunnerWakers;
}

export function registerWaker(wake: () => void): () => void {
  wakers().add(wake);
  return () => wakers().delete(wake);
}

export function wakeJobRunners(): void {
  for (const wake of wakers()) wake();
}
