import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { notFound } from 'next/navigation';
import { ApprovalStatusBadges } from '@/components/approvals/approvals-table';
import { DecisionPanel, type DecisionOptions } from '@/components/approvals/decision-panel';
import { PreviewComparisonTable } from '@/components/approvals/preview-comparison';
import { Breadcrumb } from '@/components/breadcrumb';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { approveRequestAction } from '@/lib/actions/approvals';
import { readApprovalDetail, titleOf, type ApprovalDetail } from '@/lib/approvals/data';
import { permissionFor, type Operator } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { formatUtc } from '@/lib/time';

export const metadata: Metadata = { title: 'Approval request' };

type PageProps = { params: Promise<{ id: string }> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What this operator may do with the request: by account id, never by name or e-mail. */
function decisionOptions(operator: Operator, { request, label }: ApprovalDetail): DecisionOptions {
  const role = permissionFor(operator.role, approveRequestAction);
  const own = request.requester.id === operator.id;
  const decideDeniedReason = !role.allowed
    ? role.reason
    : own
      ? 'You made this request: another ops operator approves or rejects it.'
      : request.status !== 'pending'
        ? `This request is ${request.status}.`
        : null;
  const review = request.breakGlass
    ? {
        deniedReason: !role.allowed
          ? role.reason
          : own
            ? 'You ran it: another operator reviews it.'
            : request.reviewedBy
              ? 'Already reviewed.'
              : null,
      }
    : null;
  return { decideDeniedReason, canCancel: own && request.status === 'pending', review, label };
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[12rem_1fr] gap-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One request: who asked for what and why, the preview then and now, and the decision. */
export default async function ApprovalRequestPage({ params }: PageProps) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const { operator, upstream } = await requireAdminSession();
  const detail = await readApprovalDetail(upstream, id);
  if (!detail) notFound();
  const { request } = detail;
  const withNow = request.status === 'pending' && !request.breakGlass && detail.nowFailure === null;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <Breadcrumb href="/approvals" label="Approvals" record={request.id} />
        <h1 className="text-2xl font-semibold tracking-tight">{detail.label}</h1>
        <p className="text-sm">{titleOf(request)}</p>
        <ApprovalStatusBadges
          status={request.status}
          breakGlass={request.breakGlass}
          reviewed={request.reviewedBy !== null}
        />
      </div>
      <dl className="space-y-1 text-sm" data-testid="approval-facts">
        <Fact term="Requested by">{request.requester.email}</Fact>
        <Fact term={request.breakGlass ? 'Break-glass reason' : 'Reason'}>{request.reason}</Fact>
        <Fact term="Requested">{formatUtc(request.createdAt)}</Fact>
        {request.breakGlass ? null : <Fact term="Expires">{formatUtc(request.expiresAt)}</Fact>}
        {request.approver && !request.breakGlass ? (
          <Fact term={request.status === 'rejected' ? 'Rejected by' : 'Approved by'}>
            {request.approver.email}
            {request.decidedAt ? `, ${formatUtc(request.decidedAt)}` : ''}
          </Fact>
        ) : null}
        {request.breakGlass ? (
          <Fact term="Reviewed by">
            {request.reviewedBy
              ? `${request.reviewedBy.email}, ${request.reviewedAt ? formatUtc(request.reviewedAt) : ''}`
              : 'not yet'}
          </Fact>
        ) : null}
        {request.reviewComment ? <Fact term="Comment">{request.reviewComment}</Fact> : null}
        {request.executedAt ? (
          <Fact term="Executed">
            {formatUtc(request.executedAt)}
            {request.executionOutcome ? ` (${request.executionOutcome})` : ''}
            {request.executionAuditId ? (
              <>
                {', '}
                <Link className="underline" href={`/audit?action=${encodeURIComponent(request.action)}`}>
                  audit entry {request.executionAuditId}
                </Link>
              </>
            ) : null}
          </Fact>
        ) : null}
        {detail.resultHref ? (
          <Fact term="Result">
            <Link className="underline" href={detail.resultHref} data-testid="approval-result-link">
              Read the result back
            </Link>
          </Fact>
        ) : null}
      </dl>
      {detail.nowFailure ? (
        <Alert variant="warning">
          <AlertTitle>The preview could not be recomputed now</AlertTitle>
          <AlertDescription>
            {detail.nowFailure.message} {detail.nowFailure.guidance} The stored preview is shown; approving still checks
            everything again.
          </AlertDescription>
        </Alert>
      ) : null}
      {request.breakGlass ? null : (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">
            {withNow ? 'Preview: when requested and now' : 'Preview when requested'}
          </h2>
          {withNow && detail.comparison.some((line) => line.changed) ? (
            <p className="text-sm font-medium" data-testid="preview-changed">
              Something changed since the request: check the marked lines before approving.
            </p>
          ) : null}
          <PreviewComparisonTable lines={detail.comparison} withNow={withNow} />
        </section>
      )}
      <DecisionPanel requestId={request.id} options={decisionOptions(operator, detail)} />
    </div>
  );
}
