/**
 * The stuck queue's query: its schema, its time window and the service filter it becomes. What
 * makes a message "stuck" (statuses, age buckets, artifacts) is in ./stuck-rules.ts.
 */
import { z } from 'zod';
import {
  AGE_BUCKETS,
  ARTIFACTS,
  MINUTE,
  WATCHABLE_STATUSES,
  type AgeBucketId,
  type ArtifactId,
  type ListFilter,
} from './stuck-rules';

/** The longest threshold: thirty days, in minutes. */
export const MAX_THRESHOLD_MINUTES = 60 * 24 * 30;

/** A threshold as a URL parameter: whole minutes, its issues worded to read after the value. */
export const thresholdParamSchema = z
  .string()
  .regex(/^\d+$/, { error: 'is not a whole number of minutes' })
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, { error: 'must be at least 1 minute' })
      .max(MAX_THRESHOLD_MINUTES, { error: `must be at most ${MAX_THRESHOLD_MINUTES} minutes (30 days)` }),
  );

export const stuckQuerySchema = z.object({
  /** Minutes since the last update after which a message counts as stuck. */
  threshold: z.coerce.number().int().min(1).max(MAX_THRESHOLD_MINUTES),
  statuses: z.array(z.enum(WATCHABLE_STATUSES)).min(1),
  workspace: z.string().trim().min(1).max(200).optional(),
  channel: z.string().trim().min(1).max(200).optional(),
  creator: z.string().trim().min(1).max(200).optional(),
  age: z.enum(AGE_BUCKETS.map((bucket) => bucket.id) as [AgeBucketId, ...AgeBucketId[]]).optional(),
  missing: z.enum(ARTIFACTS.map((artifact) => artifact.id) as [ArtifactId, ...ArtifactId[]]).optional(),
});
export type StuckQuery = z.infer<typeof stuckQuerySchema>;

/** The time window, epoch ms, of the messages last updated within a bucket (or any bucket). */
export function updateWindow(
  query: Pick<StuckQuery, 'threshold' | 'age'>,
  now: number,
): { updatedBefore: number; updatedAfter: number | null } {
  const threshold = query.threshold * MINUTE;
  const bucket = AGE_BUCKETS.find((candidate) => candidate.id === query.age);
  if (!bucket) return { updatedBefore: now - threshold, updatedAfter: null };
  const olderThan = Math.max(threshold, bucket.olderThanMs);
  const youngerThan = bucket.youngerThanMs;
  return {
    updatedBefore: now - olderThan,
    updatedAfter: youngerThan === null ? null : now - Math.max(youngerThan, olderThan),
  };
}

/** The service-side list filter of a stuck query (the `missing` group is applied afterwards). */
export function stuckFilter(query: StuckQuery, now: number): ListFilter {
  const window = updateWindow(query, now);
  return {
    status: query.statuses,
    updated_before: window.updatedBefore,
    ...(window.updatedAfter === null ? {} : { updated_after: window.updatedAfter }),
    ...(query.workspace ? { workspace_guid: query.workspace } : {}),
    ...(query.channel ? { channel_guids: query.channel } : {}),
    ...(query.creator ? { creator_guid: query.creator } : {}),
  };
}
