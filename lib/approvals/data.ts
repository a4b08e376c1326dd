/** What the approvals pages read: requests as rows, and one request with its preview recomputed now. */
import 'server-only';
import type { ApprovalRow } from '@/components/approvals/approvals-table';
import { configuredRoleSettings, type Operator } from '@/lib/auth/roles';
import { getConsoleDb } from '@/lib/db';
import {
  type UpstreamClient,
  describeUpstreamError,
  isUpstreamError,
  type UpstreamFailure,
} from '@/lib/upstream/client';
import { comparePreviews, type PreviewComparison } from './previews';
import { approvalFlow } from './registry';
import { getApprovalRequest, listApprovalRequests, type ApprovalListOptions } from './store';
import { cachedWaitingCount } from './waiting-cache';
import type { ApprovalRequest } from './types';
import { logger } from '@/lib/observability/logger';

export const actionLabel = (action: string) => approvalFlow(action)?.label ?? action;

/** A break-glass run stores no preview (it ran at once): it says so instead. */
export const titleOf = (request: ApprovalRequest) =>
  request.breakGlass ? 'Run at once without approval (break-glass)' : request.preview.title;

function rowOf(request: ApprovalRequest): ApprovalRow {
  return {
    id: request.id,
    action: actionLabel(request.action),
    title: titleOf(request),
    status: request.status,
    breakGlass: request.breakGlass,
    reviewed: request.reviewedBy !== null,
    requestedBy: request.requester.email,
    decidedBy: request.breakGlass ? (request.reviewedBy?.email ?? null) : (request.approver?.email ?? null),
    reason: request.reason,
    createdAt: request.createdAt,
  };
}

export async function readApprovalsPage(options: ApprovalListOptions): Promise<{ rows: ApprovalRow[]; total: number }> {
  const { rows, total } = await listApprovalRequests(await getConsoleDb(), options);
  return { rows: rows.map(rowOf), total };
}

/** Requests waiting for this operator (the sidebar's count); 0 when the database cannot say. */
export async function waitingForOperator(operator: Operator): Promise<number> {
  return cachedWaitingCount(await getConsoleDb(), operator.id).catch((error: unknown) => {
    logger('approvals').error({ err: error }, 'could not count the requests waiting');
    return 0;
  });
}

export interface ApprovalDetail {
  request: ApprovalRequest;
  label: string;
  /** The stored snapshot beside the preview recomputed now; null when now could not be read. */
  comparison: PreviewComparison[];
  nowFailure: UpstreamFailure | null;
  resultHref: string | null;
}

export async function readApprovalDetail(upstream: UpstreamClient, id: string): Promise<ApprovalDetail | null> {
  const db = await getConsoleDb();
  const request = await getApprovalRequest(db, id);
  if (!request) return null;
  const flow = approvalFlow(request.action);
  let comparison: PreviewComparison[] = comparePreviews(request.preview, request.preview).map((line) => ({
    ...line,
    now: undefined,
    changed: false,
  }));
  let nowFailure: UpstreamFailure | null = null;
  // Recomputed only while it can still be decided: afterwards the snapshot is the record.
  if (flow && !request.breakGlass && request.status === 'pending') {
    try {
      comparison = comparePreviews(
        request.preview,
        await flow.preview({ upstream, db, roleSettings: configuredRoleSettings() }, request.params),
      );
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      nowFailure = describeUpstreamError(error);
    }
  }
  const result =
    request.executionResult && typeof request.executionResult === 'object'
      ? (request.executionResult as Record<string, unknown>)
      : null;
  const resultHref =
    request.status === 'executed' && request.executionOutcome === 'ok' && flow
      ? flow.resultHref(request.params, result)
      : null;
  return { request, label: flow?.label ?? request.action, comparison, nowFailure, resultHref };
}
