/**
 * The console database's schema, as an ordered list. Applied in order on open (see migrate.ts)
 * and recorded in schema_migrations. Append only: never edit or reorder an applied migration,
 * add a new one. The SQL must run on both PostgreSQL and PGlite.
 */
import { auditLog, auditRefusalTallies, auditSummary, revokedSessions, sessionRefreshes } from './audit';
import {
  bulkJobFinalCounts,
  bulkJobItemUnknown,
  bulkJobOrigin,
  bulkJobPlans,
  bulkJobUserActions,
  bulkJobs,
  rateBudgetWindows,
} from './jobs';
import { accountMerges, approvalRequests, dashboardStuckReadings, incidents, stuckSamples } from './operations';
import { notificationChannels, notificationDeliveries, notificationEvents } from './notifications';
import { operators } from './operators';
import { savedViews } from './views';
import { watchRules } from './watch';

export interface Migration {
  id: string;
  sql: string;
}

export const CONSOLE_MIGRATIONS: readonly Migration[] = [
  auditLog,
  bulkJobs,
  auditSummary,
  auditRefusalTallies,
  bulkJobItemUnknown,
  revokedSessions,
  sessionRefreshes,
  bulkJobUserActions,
  accountMerges,
  approvalRequests,
  incidents,
  stuckSamples,
  dashboardStuckReadings,
  bulkJobOrigin,
  bulkJobPlans,
  rateBudgetWindows,
  bulkJobFinalCounts,
  operators,
  notificationEvents,
  savedViews,
  watchRules,
  notificationChannels,
  notificationDeliveries,
];
