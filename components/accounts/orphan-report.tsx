import { Breadcrumb } from '@/components/breadcrumb';
import { CellValue } from '@/components/entities/cell-value';
import { ServiceFailure } from '@/components/entities/service-failure';
import { Button } from '@/components/ui/button';
import { reportExportHref, type ReportDefinition, type ReportRow } from '@/lib/accounts/reports';
import type { ServiceRead } from '@/lib/auth/session';
import { detailHref } from '@/lib/entities/hrefs';
import { columnId, type ConsoleCellContext } from '@/lib/tables/columns';
import { RecordLink, SimpleTable } from './panels';

/** The entity each reference field names. */
export const REFERENCE_ENTITY: Readonly<Record<string, string>> = {
  workspace_guid: 'workspaces',
  workspace_id: 'workspaces',
  owner_guid: 'users',
  user_id: 'users',
  channel_id: 'channels',
  message_id: 'messages',
};

const dangling = (row: ReportRow): string[] =>
  Array.isArray(row.dangling_references)
    ? row.dangling_references.filter((value): value is string => typeof value === 'string')
    : [];

/** The reference fields that name users (named from one batch read by the page). */
export const USER_REFERENCE_FIELDS = Object.keys(REFERENCE_ENTITY).filter(
  (field) => REFERENCE_ENTITY[field] === 'users',
);

function ReferenceCell({
  row,
  field,
  names,
}: {
  row: ReportRow;
  field: string;
  names: Readonly<Record<string, string>>;
}) {
  const value = row[field];
  const entity = REFERENCE_ENTITY[field];
  if (typeof value !== 'string' || value === '')
    return <span className="text-muted-foreground">{dangling(row).includes(field) ? 'missing (none set)' : '—'}</span>;
  if (dangling(row).includes(field)) {
    return (
      <span className="font-medium text-destructive" data-testid="missing-reference">
        missing: <code>{value}</code>
      </span>
    );
  }
  return entity ? (
    <RecordLink href={detailHref(entity, value)} name={entity === 'users' ? names[value] : null} id={value} />
  ) : (
    <span>{value}</span>
  );
}

/**
 * An orphan report: every record the service lists, which parent is missing (in words and
 * marked in its column), links to the parents that still exist, the count and a CSV export.
 */
export function OrphanReport({
  report,
  entity,
  read,
  names,
  explanation,
}: {
  report: ReportDefinition;
  entity: string;
  read: ServiceRead<ReportRow[]>;
  /** "Name (e-mail)" by user id, for the users the rows name. */
  names: Readonly<Record<string, string>>;
  explanation: string;
}) {
  if (!read.ok) return <ServiceFailure title={report.title} failure={read.failure} retryHref={`/${entity}/orphaned`} />;
  const rows = read.data;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <Breadcrumb href={`/${entity}`} label={entity === 'channels' ? 'Channels' : 'Notifications'}>
          Orphaned
        </Breadcrumb>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">
            {report.title}{' '}
            <span className="text-base font-normal text-muted-foreground tabular-nums" data-testid="orphan-count">
              {rows.length.toLocaleString('en-US')}
            </span>
          </h1>
          <Button asChild variant="outline" size="sm">
            <a href={reportExportHref(report.name)} download>
              Export CSV
            </a>
          </Button>
        </div>
        <p className="max-w-3xl text-sm text-muted-foreground">{explanation}</p>
      </div>
      <SimpleTable<ReportRow>
        caption={report.title}
        rows={rows}
        rowKey={(row) => row.id}
        empty="The service reports none."
        columns={report.columns.map((column) => {
          const key = columnId(column);
          return {
            ...column,
            cell: ({ row: { original: row } }: ConsoleCellContext<ReportRow>) =>
              key === 'id' ? (
                <RecordLink href={detailHref(entity, row.id)} name={null} id={row.id} />
              ) : key === 'dangling_references' ? (
                <span>
                  {dangling(row)
                    .map((field) => field.replace(/_(guid|id)$/, ''))
                    .join(', ')}
                </span>
              ) : key in REFERENCE_ENTITY ? (
                <ReferenceCell row={row} field={key} names={names} />
              ) : column.meta?.kind ? (
                <span className="whitespace-nowrap">
                  <CellValue column={{ kind: column.meta.kind }} value={row[key]} mode="table" />
                </span>
              ) : (
                <span className="[overflow-wrap:anywhere]">
                  {typeof row[key] === 'string' ? String(row[key]) : row[key] == null ? '—' : JSON.stringify(row[key])}
                </span>
              ),
          };
        })}
      />
    </div>
  );
}
