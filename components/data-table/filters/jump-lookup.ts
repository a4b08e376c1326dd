/**
 * The browser's side of /api/jump (lib/entities/jump.ts): the jump box and the filters' name
 * pickers ask it for candidates the same way and read its answer the same way.
 */

import type { JumpCandidate } from '@/lib/entities/jump';

export type { JumpCandidate };

export type JumpLookup =
  | { kind: 'candidates'; candidates: JumpCandidate[] }
  | { kind: 'message'; text: string }
  /** A newer lookup replaced this one. */
  | { kind: 'aborted' };

interface JumpAnswer {
  candidates?: JumpCandidate[];
  failures?: { message: string; requestId: string | null }[];
  message?: string;
}

/** A console path (the answer's links are built by the console, but are checked all the same). */
const isConsolePath = (href: unknown): href is string =>
  typeof href === 'string' && href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');

/** Candidates for `term` (in one entity when `entity` is given), or what to tell the operator. */
export async function lookUpCandidates(term: string, signal: AbortSignal, entity?: string): Promise<JumpLookup> {
  const params = new URLSearchParams({ q: term, ...(entity ? { entity } : {}) });
  let answer: JumpAnswer;
  let status: number;
  try {
    const response = await fetch(`/api/jump?${params.toString()}`, { signal });
    status = response.status;
    answer = (await response.json()) as JumpAnswer;
  } catch {
    return signal.aborted ? { kind: 'aborted' } : { kind: 'message', text: 'The console did not answer. Try again.' };
  }
  if (signal.aborted) return { kind: 'aborted' };
  if (status === 401) return { kind: 'message', text: 'Your session ended. Reload the page to sign in again.' };
  if (status !== 200) return { kind: 'message', text: answer.message ?? `The lookup failed (HTTP ${status}).` };
  const candidates = (answer.candidates ?? []).filter((candidate) => isConsolePath(candidate.href));
  if (candidates.length > 0) return { kind: 'candidates', candidates };
  const failure = answer.failures?.[0];
  return {
    kind: 'message',
    text: failure
      ? `Nothing found, but some lookups failed: ${failure.message}${failure.requestId ? ` (request id ${failure.requestId})` : ''}`
      : `Nothing has the id, e-mail or name “${term}”.`,
  };
}
