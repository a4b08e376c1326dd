import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { AuditEntriesTable } from '@/components/audit/audit-entries-table';
import { FilterBar } from '@/components/data-table/filters/filter-bar';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ParamIssues } from '@/components/param-issues';
import { readAuditPage } from '@/lib/audit/data';
import { AUDIT_TABLE } from '@/components/audit/audit-cells';
import { parseAuditPageParams } from '@/lib/audit/log';
import { requireAdminSession } from '@/lib/auth/session';
import { auditHref } from '@/lib/entities/hrefs';
import { reachablePageCount } from '@/lib/entities/list-state';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Audit log' };

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminSession();
  const {
    filters: parsed,
    given,
    page: pageNumber,
    table,
    issues,
  } = parseAuditPageParams(await searchParams, AUDIT_TABLE);
  const result = parsed.ok
    ? await readAuditPage(
        parsed.filters,
        { offset: (pageNumber - 1) * table.size, limit: table.size },
        table.sort.order,
      )
    : null;

  const filtersGiven = Object.fromEntries(
    Object.entries(given).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const kept = { ...filtersGiven, ...table.kept };
  const lastPage = result ? reachablePageCount(result.total, table.size) : 1;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Audit log</h1>
      <ParamIssues issues={issues} />
      <FilterBar
        action="/audit"
        label="Audit filters"
        filters={AUDIT_TABLE.filters}
        searchHint={AUDIT_TABLE.searchHint}
        values={given}
        keep={table.kept}
      >
        <Button asChild variant="ghost" size="sm">
          <Link href="/audit">Clear</Link>
        </Button>
      </FilterBar>
      {parsed.ok ? null : (
        <Alert variant="destructive">
          <AlertTitle>Some filters are not valid</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {Object.entries(parsed.errors).map(([name, messages]) => (
                <li key={name}>{messages?.join('; ')}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      {result ? (
        <>
          <p className="text-sm text-muted-foreground" data-testid="audit-total">
            {result.total.toLocaleString('en-US')} {result.total === 1 ? 'entry' : 'entries'}
          </p>
          <AuditEntriesTable
            rows={result.rows}
            pagination={{
              page: pageNumber,
              total: result.total,
              table,
              exportHref: `/api/audit/export?${new URLSearchParams({ ...filtersGiven, order: table.sort.order }).toString()}`,
            }}
            empty={
              result.total > 0 ? (
                <>
                  Page {pageNumber} is past the last page ({lastPage}).{' '}
                  <Link
                    className="underline"
                    href={auditHref(lastPage > 1 ? { ...kept, page: String(lastPage) } : kept)}
                  >
                    Go to the last page
                  </Link>
                </>
              ) : (
                'No entry matches these filters.'
              )
            }
          />
        </>
      ) : null}
    </div>
  );
}
