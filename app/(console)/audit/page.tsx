import type { Metadata } from 'next';
import Link from 'next/link';
import { AuditEntriesTable } from '@/components/audit/audit-entries-table';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import { readAuditPage } from '@/lib/audit/data';
import { AUDIT_OUTCOMES, firstValue, parseAuditFilters } from '@/lib/audit/log';
import { requireAdminSession } from '@/lib/auth/session';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Audit log' };

const PAGE_SIZE = 50;
const FILTER_FIELDS = [
  { name: 'operator', label: 'Operator e-mail contains', placeholder: 'ops@' },
  { name: 'action', label: 'Action (or prefix ending in .)', placeholder: 'user.' },
  { name: 'target', label: 'Target id', placeholder: 'usr_…' },
  { name: 'from', label: 'From (UTC)', placeholder: '2026-11-22' },
  { name: 'to', label: 'To (UTC)', placeholder: '2026-11-23' },
] as const;

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminSession();
  const params = await searchParams;
  const parsed = parseAuditFilters(params);
  // Repeated parameters count by their first value, as the filters read them.
  const param = (name: string) => firstValue(params, name) ?? '';
  const pageNumber = Math.max(1, Math.min(100_000, Number.parseInt(param('page'), 10) || 1));
  const result = parsed.ok ? await readAuditPage(parsed.filters, { offset: (pageNumber - 1) * PAGE_SIZE, limit: PAGE_SIZE }) : null;

  const kept = new URLSearchParams();
  for (const field of [...FILTER_FIELDS.map((f) => f.name), 'outcome']) {
    const value = param(field);
    if (value) kept.set(field, value);
  }
  const pageHref = (page: number) => {
    const next = new URLSearchParams(kept);
    if (page > 1) next.set('page', String(page));
    return `/audit?${next.toString()}`;
  };
  const lastPage = result ? Math.max(1, Math.ceil(result.total / PAGE_SIZE)) : 1;

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Audit log</h1>
        <Button asChild variant="outline" size="sm">
          <a href={`/api/audit/export?${kept.toString()}`} download>Export CSV</a>
        </Button>
      </div>
      <form method="get" action="/audit" className="grid gap-3 rounded-md border p-4 sm:grid-cols-3 lg:grid-cols-6" aria-label="Audit filters">
        {FILTER_FIELDS.map((field) => (
          <div key={field.name} className="space-y-1">
            <Label htmlFor={`audit-${field.name}`}>{field.label}</Label>
            <Input id={`audit-${field.name}`} name={field.name} defaultValue={param(field.name)} placeholder={field.placeholder} maxLength={320} />
          </div>
        ))}
        <div className="space-y-1">
          <Label htmlFor="audit-outcome">Outcome</Label>
          <NativeSelect id="audit-outcome" name="outcome" defaultValue={param('outcome')}>
            <option value="">any</option>
            {AUDIT_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>{outcome}</option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-end gap-2 sm:col-span-3 lg:col-span-6">
          <Button type="submit" size="sm">Apply filters</Button>
          <Button asChild variant="ghost" size="sm"><Link href="/audit">Clear</Link></Button>
        </div>
      </form>
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
          {result.rows.length > 0 ? (
            <AuditEntriesTable rows={result.rows} />
          ) : result.total > 0 ? (
            <p className="text-sm">
              Page {pageNumber} is past the last page ({lastPage}).{' '}
              <Link className="underline" href={pageHref(lastPage)}>Go to the last page</Link>
            </p>
          ) : (
            <p className="text-sm">No entry matches these filters.</p>
          )}
          <nav aria-label="Audit pages" className="flex items-center gap-2 text-sm">
            {pageNumber > 1 ? <Link className="underline" href={pageHref(Math.min(pageNumber - 1, lastPage))}>Previous</Link> : null}
            <span>Page {pageNumber} of {lastPage}</span>
            {pageNumber < lastPage ? <Link className="underline" href={pageHref(pageNumber + 1)}>Next</Link> : null}
          </nav>
        </>
      ) : null}
    </div>
  );
}
