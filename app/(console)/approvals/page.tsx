import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { ApprovalsTable } from '@/components/approvals/approvals-table';
import { readApprovalsPage, waitingForOperator } from '@/lib/approvals/data';
import { approvalSettings } from '@/lib/approvals/policy';
import { APPROVAL_STATUSES, type ApprovalStatus } from '@/lib/approvals/types';
import { requireAdminSession } from '@/lib/auth/session';
import { cn } from '@/lib/utils';

export const metadata: Metadata = { title: 'Approvals' };

const PAGE_SIZE = 50;
type Filter = ApprovalStatus | 'break_glass' | null;
const FILTERS: readonly { value: Filter; label: string }[] = [
  { value: null, label: 'All' },
  ...APPROVAL_STATUSES.map((status) => ({ value: status, label: status[0]!.toUpperCase() + status.slice(1) })),
  { value: 'break_glass', label: 'Break-glass' },
];

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function hrefFor(filter: Filter): string {
  return filter ? `/approvals?status=${filter}` : '/approvals';
}

/**
 * Every approval request, newest first, by status; the count of those waiting for this operator
 * (others' pending requests and unreviewed break-glass runs) heads the page.
 */
export default async function ApprovalsPage({ searchParams }: PageProps) {
  const { operator } = await requireAdminSession();
  const query = await searchParams;
  const filter =
    FILTERS.find((candidate) => candidate.value !== null && candidate.value === query.status)?.value ?? null;
  const pageNumber = Math.max(
    1,
    Math.min(10_000, Number.parseInt(typeof query.page === 'string' ? query.page : '1', 10) || 1),
  );
  const [{ rows, total }, waiting] = await Promise.all([
    readApprovalsPage({ status: filter, limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE }),
    waitingForOperator(operator),
  ]);
  const settings = approvalSettings();
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Approvals</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">
          High-impact actions run once a second ops operator approves the exact parameters, after seeing the preview
          recomputed. Break-glass runs wait here for review.
        </p>
        {!settings.enabled ? (
          <p className="text-sm font-medium" data-testid="approvals-off">
            Approvals are off (CONSOLE_APPROVALS=off): covered actions run without a second operator.
          </p>
        ) : null}
        <p className="text-sm" data-testid="approvals-waiting">
          {waiting === 0
            ? 'Nothing is waiting for you.'
            : `${waiting.toLocaleString('en-US')} waiting for you (others' requests to decide or break-glass runs to review).`}
        </p>
      </div>
      <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
        {FILTERS.map((candidate) => (
          <Link
            key={candidate.label}
            href={hrefFor(candidate.value)}
            aria-current={candidate.value === filter ? 'page' : undefined}
            className={cn(
              'rounded-md border px-3 py-1 text-sm',
              candidate.value === filter ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
            )}
          >
            {candidate.label}
          </Link>
        ))}
      </nav>
      <ApprovalsTable rows={rows} page={pageNumber} size={PAGE_SIZE} total={total} />
    </div>
  );
}
