/**
 * Where a job was started from: the path (with its URL state) of the view the operator ran the
 * dry run in, so the job page and the jobs list can link back to it. It comes from the browser,
 * so it is untrusted: only a same-site path is kept (lib/auth/safe-path.ts), anything else is
 * dropped rather than replaced, so that a job never links somewhere its operator did not start it.
 */
import { z } from 'zod';
import { safeCallbackPath } from '@/lib/auth/safe-path';

/** The stored origin of `value`, or null when it is missing or would leave the console. */
export function jobOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const safe = safeCallbackPath(value);
  // safeCallbackPath answers `/` for anything it refuses: keep `/` only when it was asked for.
  return safe === '/' && value !== '/' ? null : safe;
}

/** The dry run's optional `origin` input: never refused, an unsafe one is dropped (null). */
export const jobOriginSchema = z.unknown().optional().transform(jobOrigin);
