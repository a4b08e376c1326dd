import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { AuditEntriesTable } from '@/components/audit/audit-entries-table';
import { LiveFilterForm } from '@/components/filters/live-filter-form';
import { TimePresetButtons } from '@/components/filters/time-presets';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import { ParamIssues } from '@/components/param-issues';
import { readAuditPage } from '@/lib/audit/data';
import { AUDIT_TABLE } from '@/components/audit/audit-cells';
import { AUDIT_OUTCOMES, parseAuditPageParams, type AuditFilterParam } from '@/lib/audit/log';
import { requireAdminSession } from '@/lib/auth/session';
import { auditHref } from '@/lib/entities/hrefs';
import { reachablePageCount } from '@/lib/entities/list-state';
import type { SearchParams } from '@/lib/search-params';
import { tableParamsRecord } from '@/lib/search-params/table';

export const metadata: Metadata = { title: 'Audit log' };

const FILTER_FIELDS = [
  { name: 'operator', label: 'Operator e-mail contains', placeholder: 'ops@' },
  { name: 'operatorId', label: 'Operator account id', placeholder: 'usr_…' },
  { name: 'action', label: 'Action (or prefix ending in .)', placeholder: 'user.' },
  { name: 'target', label: 'Target id', placeholder: 'usr_…' },
] as const;

/** The time bounds: an ISO day or date-time in UTC (lib/audit/filters.ts); the pattern holds a half-typed one back from applying as typed. */
const TIME_FIELDS = [
  { name: 'from', label: 'From (UTC)', placeholder: '2026-11-22' },
  { name: 'to', label: 'To (UTC)', placeholder: '2026-11-23T10:30:00Z' },
] as const;
const TIME_PATTERN = String.raw`\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+\-]\d{2}:\d{2})?)?`;

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminSession();
  const { filters: parsed, given, page: pageNumber, table, issues } = parseAuditPageParams(await searchParams);
  const param = (name: AuditFilterParam) => given[name] ?? '';
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
  const kept = { ...filtersGiven, ...tableParamsRecord(table, AUDIT_TABLE) };
  const lastPage = result ? reachablePageCount(result.total, table.size) : 1;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Audit log</h1>
      <ParamIssues issues={issues} />
      <LiveFilterForm
        action="/audit"
        label="Audit filters"
        className="grid gap-3 rounded-md border p-4 sm:grid-cols-3 lg:grid-cols-6"
      >
        {FILTER_FIELDS.map((field) => (
          <div key={field.name} className="space-y-1">
            <Label htmlFor={`audit-${field.name}`}>{field.label}</Label>
            <Input
              id={`audit-${field.name}`}
              name={field.name}
              defaultValue={param(field.name)}
              placeholder={field.placeholder}
              maxLength={320}
              className="w-full"
            />
          </div>
        ))}
        {TIME_FIELDS.map((field) => (
          <div key={field.name} className="space-y-1">
            <Label htmlFor={`audit-${field.name}`}>{field.label}</Label>
            <Input
              id={`audit-${field.name}`}
              name={field.name}
              defaultValue={param(field.name)}
              placeholder={field.placeholder}
              pattern={TIME_PATTERN}
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              text="code-compact"
              className="w-full"
            />
          </div>
        ))}
        <div className="space-y-1">
          <Label htmlFor="audit-outcome">Outcome</Label>
          <NativeSelect id="audit-outcome" name="outcome" defaultValue={param('outcome')} className="w-full">
            <option value="">any</option>
            {AUDIT_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {outcome}
              </option>
            ))}
          </NativeSelect>
        </div>
        {Object.entries(tableParamsRecord(table, AUDIT_TABLE)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-wrap items-end gap-2 sm:col-span-3 lg:col-span-6">
          <TimePresetButtons fromName="from" toName="to" label="Time: quick ranges" />
          {/* Filters apply as they are typed or picked; the button stays for the keyboard (Enter) and without JavaScript. */}
          <Button type="submit" size="sm" variant="secondary" className="sr-only focus-visible:not-sr-only">
            Apply filters
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link href="/audit">Clear</Link>
          </Button>
        </div>
      </LiveFilterForm>
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
