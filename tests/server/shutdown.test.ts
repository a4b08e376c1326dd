import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGracefulShutdown, type ShutdownProcess } from '@/lib/server/shutdown';

type Signal = 'SIGTERM' | 'SIGINT';

/** A process stand-in: signals are raised by hand, exits are recorded instead of ending the test. */
function fakeProcess(env: Record<string, string> = {}) {
  const listeners: Partial<Record<Signal, Array<() => void>>> = {};
  const exits: Array<number | undefined> = [];
  const target: ShutdownProcess = {
    on(signal, listener) {
      (listeners[signal] ??= []).push(listener);
      return target;
    },
    exit: ((code?: number) => {
      exits.push(code);
    }) as ShutdownProcess['exit'],
    env,
  };
  const raise = (signal: Signal) => {
    for (const listener of listeners[signal] ?? []) listener();
  };
  return { target, exits, raise, listenerCount: (signal: Signal) => listeners[signal]?.length ?? 0 };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('installGracefulShutdown', () => {
  it("holds Next's exit until the background work stopped, then closes the database, then exits with Next's code", async () => {
    const { target, exits, raise } = fakeProcess();
    const order: string[] = [];
    const background = deferred();
    installGracefulShutdown(target, {
      stopBackgroundWork: async () => {
        order.push('stop background');
        await background.promise;
        order.push('background stopped');
      },
      closeDatabase: async () => {
        order.push('close database');
      },
      log: () => undefined,
    });

    raise('SIGTERM');
    expect(order).toEqual(['stop background']);
    // Next's own handler, once its requests in flight are done.
    target.exit(143);
    await flush();
    expect(exits).toEqual([]);
    expect(order).toEqual(['stop background']);

    background.resolve();
    await flush();
    expect(order).toEqual(['stop background', 'background stopped', 'close database']);
    expect(exits).toEqual([143]);
  });

  it('closes the database at exit, not at the signal: requests still in flight may use it', async () => {
    const { target, exits, raise } = fakeProcess();
    const closeDatabase = vi.fn(async () => undefined);
    installGracefulShutdown(target, { stopBackgroundWork: async () => undefined, closeDatabase, log: () => undefined });
    raise('SIGTERM');
    await flush();
    expect(closeDatabase).not.toHaveBeenCalled();
    target.exit(143);
    await flush();
    expect(closeDatabase).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([143]);
  });

  it('exits by itself with 0 where Next leaves the signals to the app (NEXT_MANUAL_SIG_HANDLE)', async () => {
    const { target, exits, raise } = fakeProcess({ NEXT_MANUAL_SIG_HANDLE: 'true' });
    const closeDatabase = vi.fn(async () => undefined);
    installGracefulShutdown(target, { stopBackgroundWork: async () => undefined, closeDatabase, log: () => undefined });
    raise('SIGINT');
    await flush();
    expect(closeDatabase).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([0]);
  });

  it('stops once for a second signal or a second exit call', async () => {
    const { target, exits, raise } = fakeProcess();
    const stopBackgroundWork = vi.fn(async () => undefined);
    const closeDatabase = vi.fn(async () => undefined);
    installGracefulShutdown(target, { stopBackgroundWork, closeDatabase, log: () => undefined });
    raise('SIGTERM');
    raise('SIGINT');
    target.exit(143);
    target.exit(130);
    await flush();
    expect(stopBackgroundWork).toHaveBeenCalledTimes(1);
    expect(closeDatabase).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([143]);
  });

  it('exits after the timeout when the stop hangs, and says so', async () => {
    vi.useFakeTimers();
    const { target, exits, raise } = fakeProcess();
    const log = vi.fn();
    installGracefulShutdown(target, {
      stopBackgroundWork: () => new Promise<void>(() => undefined),
      closeDatabase: async () => undefined,
      timeoutMs: 1_000,
      log,
    });
    raise('SIGTERM');
    target.exit(143);
    await vi.advanceTimersByTimeAsync(999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([143]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('took over 1000 ms'));
  });

  it('exits even when stopping or closing fails, and logs each failure', async () => {
    const { target, exits, raise } = fakeProcess();
    const log = vi.fn();
    installGracefulShutdown(target, {
      stopBackgroundWork: async () => {
        throw new Error('runner broke');
      },
      closeDatabase: async () => {
        throw new Error('close broke');
      },
      log,
    });
    raise('SIGTERM');
    target.exit(143);
    await flush();
    expect(exits).toEqual([143]);
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      '[console] stopping the background work failed: runner broke',
      '[console] closing the console database failed: close broke',
    ]);
  });

  it('leaves exit alone until a signal, and installs once on a process', async () => {
    const { target, exits, listenerCount } = fakeProcess();
    const closeDatabase = vi.fn(async () => undefined);
    const options = { stopBackgroundWork: async () => undefined, closeDatabase, log: () => undefined };
    installGracefulShutdown(target, options);
    installGracefulShutdown(target, options);
    expect(listenerCount('SIGTERM')).toBe(1);
    target.exit(1);
    await flush();
    expect(exits).toEqual([1]);
    expect(closeDatabase).not.toHaveBeenCalled();
  });
});
