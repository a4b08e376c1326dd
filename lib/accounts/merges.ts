/**
 * The console's record of each merge it made: the two accounts' footprints counted before and
 * read back after, and what the service said moved. The kept user's page shows it; the audit
 * log has the intent and outcome of the same call.
 */
import { z } from 'zod';
import type { Queryable } from '@/lib/db';
import type { AccountFootprint } from './merge-preview';

const footprintSchema = z.object({
  workspaceIds: z.array(z.string()),
  workspaces: z.number(),
  workspacesOwned: z.number(),
  channelIds: z.array(z.string()),
  channels: z.number(),
  channelsOwned: z.number(),
  messages: z.number(),
  agents: z.number(),
});

export const mergeReportSchema = z.object({
  sourceId: z.string(),
  targetId: z.string(),
  sourceName: z.string(),
  targetName: z.string(),
  before: z.object({ source: footprintSchema, target: footprintSchema }),
  after: z.object({ source: footprintSchema, target: footprintSchema }),
  /** The service's own count of what moved (its answer's `moved`). */
  moved: z.record(z.string(), z.number()),
  /** The folded account as read back: merged into the kept one. */
  sourceMergedInto: z.string().nullable(),
});
export type MergeReport = z.infer<typeof mergeReportSchema>;

export interface StoredMerge {
  id: string;
  mergedAt: Date;
  operatorEmail: string;
  report: MergeReport;
}

export async function recordMerge(db: Queryable, operatorEmail: string, report: MergeReport): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO account_merges (operator_email, source_id, target_id, report) VALUES ($1, $2, $3, $4::jsonb) RETURNING id::text`,
    [operatorEmail, report.sourceId, report.targetId, JSON.stringify(report)],
  );
  if (!row) throw new Error('account_merges: the insert returned no row');
  return row.id;
}

/** The latest merges into this account, newest first. */
export async function mergesInto(db: Queryable, targetId: string, limit = 5): Promise<StoredMerge[]> {
  const rows = await db.query<{ id: string; merged_at: Date; operator_email: string; report: unknown }>(
    `SELECT id::text, merged_at, operator_email, report FROM account_merges WHERE target_id = $1 ORDER BY merged_at DESC, id DESC LIMIT $2`,
    [targetId, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    mergedAt: new Date(row.merged_at),
    operatorEmail: row.operator_email,
    report: mergeReportSchema.parse(row.report),
  }));
}

export type { AccountFootprint };
