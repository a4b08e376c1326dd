/**
 * The dashboard's reads, all at once: the service's stuck counts and a sample of the oldest stuck
 * messages (for the most affected workspaces), the console's running and recent bulk jobs, and the
 * last failed and refused operator actions. Then, needing those, the workspaces' names and the
 * previous stuck reading. A read that fails leaves its card saying so; the others still show.
 */
import 'server-only';
import { actionLabel, titleOf } from '@/lib/approvals/data';
import { listWaitingFor } from '@/lib/approvals/store';
import { latestWithOutcomes, type AuditRow } from '@/lib/audit/log';
import { readFromService } from '@/lib/auth/session';
import { getConsoleDb } from '@/lib/db';
import { detailHref } from '@/lib/entities/hrefs';
import { listOpenIncidentsBySeverity } from '@/lib/incidents/store';
import { readNames } from '@/lib/entities/names';
import { latestJobs, type JobSummary } from '@/lib/jobs/store';
import { ACTIVE_JOB_STATUSES } from '@/lib/jobs/types';
import { readDashboardCounts } from '@/lib/triage/data';
import { stuckFilter } from '@/lib/triage/stuck';
import { topWorkspaces } from '@/lib/triage/stuck-rules';
import type { UpstreamClient } from '@/lib/upstream/client';
import { messageWorkspaceSchema, NON_TERMINAL_STATUSES } from '@/lib/upstream/contract';
import { listRecords } from '@/lib/upstream/ra';
import { recordStuckReading, type StuckReading } from './readings';
import { logger } from '@/lib/observability/logger';
import { describeCondition } from '@/lib/watch/describe';
import { getDashboardRule, listFiringAndPending } from '@/lib/watch/store';

/** How many of the oldest stuck messages name the most affected workspaces. */
const WORKSPACE_SAMPLE = 200;
const TOP_WORKSPACES = 5;
const JOBS_SHOWN = 5;
const ATTENTION_SHOWN = 6;
const LEADS_SHOWN = 5;

export interface AffectedWorkspace {
  guid: string;
  name: string | null;
  count: number;
}

/** Console reads that fail are shown as such on their card, like the service's. */
async function consoleRead<T>(read: () => Promise<T>): Promise<{ ok: true; data: T } | { ok: false }> {
  try {
    return { ok: true, data: await read() };
  } catch (error) {
    logger('dashboard').error({ err: error }, 'a console database read failed');
    return { ok: false };
  }
}

/** The last failed and refused actions, newest first. */
async function lastFailedAndRefused(): Promise<AuditRow[]> {
  return latestWithOutcomes(await getConsoleDb(), ['failed', 'denied', 'invalid'], ATTENTION_SHOWN);
}

async function jobs(): Promise<{ running: JobSummary[]; finished: JobSummary[] }> {
  const db = await getConsoleDb();
  const [running, finished] = await Promise.all([
    latestJobs(db, { statuses: ACTIVE_JOB_STATUSES, limit: JOBS_SHOWN }),
    latestJobs(db, { statuses: ['completed', 'cancelled'], limit: JOBS_SHOWN }),
  ]);
  return { running, finished };
}

/** What leads the dashboard: firing and pending rules, unresolved incidents (most severe first), and the approvals waiting for this operator. */
async function leads(operatorId: string) {
  const db = await getConsoleDb();
  const [rules, dashboardRule, incidents, approvals] = await Promise.all([
    listFiringAndPending(db, LEADS_SHOWN),
    getDashboardRule(db),
    listOpenIncidentsBySeverity(db, LEADS_SHOWN),
    listWaitingFor(db, operatorId, LEADS_SHOWN),
  ]);
  return {
    rules: rules.map((rule) => ({
      id: rule.id,
      name: rule.name,
      state: rule.state,
      since: rule.stateSince,
      condition: describeCondition(rule.condition),
      lastCount: rule.lastCount,
      acknowledgedBy: rule.acknowledged?.by ?? null,
    })),
    /** The rule the stuck counts are coloured by (made from DASHBOARD_STUCK_ALERT_COUNT on a first start). */
    dashboardRule,
    incidents,
    approvals: approvals.map((request) => ({
      id: request.id,
      action: actionLabel(request.action),
      title: titleOf(request),
      requestedBy: request.requester.email,
      createdAt: request.createdAt,
    })),
  };
}
export type DashboardLeads = Awaited<ReturnType<typeof leads>>;

export async function readDashboard(upstream: UpstreamClient, operatorId: string, threshold: number, now: number) {
  const statuses = [...NON_TERMINAL_STATUSES];
  const [counts, sample, jobsRead, attention, lead] = await Promise.all([
    readDashboardCounts(upstream, threshold, now),
    readFromService(
      listRecords(
        upstream,
        'messages',
        {
          sort: { field: 'last_updated_at', order: 'ASC' },
          range: { start: 0, end: WORKSPACE_SAMPLE - 1 },
          filter: stuckFilter({ threshold, statuses }, now),
        },
        messageWorkspaceSchema,
      ),
    ),
    consoleRead(jobs),
    consoleRead(lastFailedAndRefused),
    consoleRead(() => leads(operatorId)),
  ]);
  const top = sample.ok
    ? topWorkspaces(sample.data.rows, TOP_WORKSPACES).filter((entry) => entry.workspaceGuid !== '(none)')
    : [];
  const byStatus = counts.stuckCounts.ok
    ? (Object.fromEntries(
        counts.statuses.map((status, index) => [
          status,
          counts.stuckCounts.ok ? (counts.stuckCounts.data[index] ?? 0) : 0,
        ]),
      ) as Record<(typeof statuses)[number], number>)
    : null;
  const [names, previous] = await Promise.all([
    readNames(upstream, { workspaces: top.map((entry) => entry.workspaceGuid) }),
    byStatus
      ? consoleRead(async () => recordStuckReading(await getConsoleDb(), threshold, byStatus, new Date(now)))
      : Promise.resolve({ ok: false as const }),
  ]);
  const workspaces: AffectedWorkspace[] = top.map((entry) => ({
    guid: entry.workspaceGuid,
    count: entry.count,
    name: names[detailHref('workspaces', entry.workspaceGuid)]?.name ?? null,
  }));
  return {
    userCount: counts.userCount,
    stuck: counts.stuckCounts.ok
      ? { ok: true as const, counts: byStatus!, failure: null }
      : { ok: false as const, failure: counts.stuckCounts.failure },
    previous: previous.ok ? (previous.data as StuckReading | null) : null,
    workspaces: sample.ok
      ? { ok: true as const, rows: workspaces, examined: sample.data.rows.length, total: sample.data.total }
      : { ok: false as const, failure: sample.failure },
    jobs: jobsRead,
    attention,
    lead,
  };
}

export type Dashboard = Awaited<ReturnType<typeof readDashboard>>;
