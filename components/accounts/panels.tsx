/**
 * The small read-only panels of the accounts pages: a titled card, a capped list table, and what
 * a failed read of one panel says. Values from the service render as text only.
 */
import { Link } from '@/components/link';
import type { ReactNode } from 'react';
import { ListTable } from '@/components/data-table/list-table';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Settled } from '@/lib/accounts/data';
import type { ConsoleColumn } from '@/lib/tables/columns';
import type { UpstreamFailure } from '@/lib/upstream/client';

export function Panel({
  title,
  count,
  action,
  children,
  testId,
}: {
  title: string;
  count?: number;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card gap="gap-3" data-testid={testId}>
      <CardHeader row className="items-center justify-between gap-2">
        <CardTitle className="text-base">
          <h2>
            {title}
            {count === undefined ? null : (
              <span className="ml-1 text-sm font-normal text-muted-foreground tabular-nums">
                ({count.toLocaleString('en-US')})
              </span>
            )}
          </h2>
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function PanelFailure({ what, failure }: { what: string; failure: UpstreamFailure }) {
  return (
    <div role="alert" className="space-y-1 text-sm">
      <p className="font-medium text-destructive">
        Could not read {what}: {failure.message}
      </p>
      <p className="text-muted-foreground">
        {failure.guidance}
        {failure.requestId ? (
          <>
            {' '}
            Request id <code className="select-all">{failure.requestId}</code>.
          </>
        ) : null}
      </p>
    </div>
  );
}

/** A panel's content from a settled read: the failure, or what `render` makes of the data. */
export function SettledContent<T>({
  read,
  what,
  render,
}: {
  read: Settled<T>;
  what: string;
  render: (data: T) => ReactNode;
}) {
  return read.ok ? <>{render(read.data)}</> : <PanelFailure what={what} failure={read.failure} />;
}

/**
 * A short list (a capped first page, with a link to the full list): no paging of its own, the
 * entity list behind `moreHref` has that.
 */
interface SimpleTableProps<Row extends object> {
  rows: readonly Row[];
  columns: readonly ConsoleColumn<Row>[];
  rowKey: (row: Row) => string;
  empty: string;
  total?: number;
  moreHref?: string;
  caption: string;
}

/** The console's one table (ListTable) with the given columns, and the link to the rest. */
export function SimpleTable<Row extends object>({
  rows,
  columns,
  rowKey,
  empty,
  total,
  moreHref,
  caption,
}: SimpleTableProps<Row>) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="space-y-2">
      <ListTable<Row> columns={columns} rows={rows} getRowId={rowKey} caption={caption} empty={empty} />
      {total !== undefined && total > rows.length && moreHref ? (
        <p className="text-xs text-muted-foreground">
          Showing {rows.length} of {total.toLocaleString('en-US')}.{' '}
          <Link href={moreHref} className="text-primary underline underline-offset-2">
            See them all
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** A link to a record's page with its name (or its id when it has none) as text. */
export function RecordLink({ href, name, id }: { href: string; name: string | null | undefined; id: string }) {
  const text = name?.trim() ? name.trim() : id;
  return (
    <Link href={href} className="text-primary underline underline-offset-2" title={text === id ? undefined : id}>
      <bdi>{Array.from(text).length > 120 ? `${Array.from(text).slice(0, 120).join('')}…` : text}</bdi>
    </Link>
  );
}

type ListPanelProps<Row extends object> = Omit<SimpleTableProps<Row>, 'rows' | 'total'> & {
  title: string;
  testId?: string;
  /** The capped first page and the service's total. */
  read: Settled<{ rows: Row[]; total: number }>;
  /** What the read was of, for its failure ("the workspaces"). */
  what: string;
};

/** A panel of a capped list read from the service: the total beside the title, then the rows or the failure. */
export function ListPanel<Row extends object>({ title, testId, read, what, ...table }: ListPanelProps<Row>) {
  return (
    <Panel title={title} count={read.ok ? read.data.total : undefined} testId={testId}>
      <SettledContent
        read={read}
        what={what}
        render={({ rows, total }) => <SimpleTable {...table} rows={rows} total={total} />}
      />
    </Panel>
  );
}
