/**
 * The audit log's reads for pages and components (the audit page, a record's history): they open
 * the console database here, never themselves.
 */
import 'server-only';
import { getConsoleDb } from '@/lib/db';
import { queryAuditPage, queryTargetHistory } from './history';
import { queryAudit, type AuditFilters } from './log';

/**
 * One page of entries matching the filters, newest first (or oldest first), and how many match in
 * all. Filtered by a target, it is that record's history: bulk jobs' items on it included.
 */
export async function readAuditPage(
  filters: AuditFilters,
  page: { offset: number; limit: number },
  order: 'asc' | 'desc' = 'desc',
) {
  return queryAuditPage(await getConsoleDb(), filters, page, order);
}

/** The latest entries (audit entries and job items) that name one record (of the audit's `targetType`). */
export async function readRecordHistory(targetType: string, targetId: string, limit: number) {
  return queryTargetHistory(await getConsoleDb(), { target: targetId, targetType }, { offset: 0, limit });
}

/** The latest entries one operator made (by account id, whatever their e-mail was then). */
export async function readOperatorActions(accountId: string, limit: number) {
  return queryAudit(await getConsoleDb(), { operatorId: accountId }, { offset: 0, limit });
}
