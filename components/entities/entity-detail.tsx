/**
 * The panels of a record's page: its fields by kind, the records it links to (with their
 * titles, streamed in), the lists that point back at it (with counts, streamed in), and its
 * nested tables. Everything renders as text through CellValue.
 */
import { Link } from '@/components/link';
import { Suspense } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ListTable } from '@/components/data-table/list-table';
import { filteredListHref } from '@/lib/entities/hrefs';
import { inferColumns } from '@/lib/entities/infer';
import { countRelated, idsIn, linkedIds, readTitles, type RelatedCount, type Titles } from '@/lib/entities/related';
import type { EntityColumn, EntityView, NestedTable } from '@/lib/entities/types';
import type { UpstreamClient } from '@/lib/upstream/client';
import type { RaRecord } from '@/lib/upstream/contract';
import { CellValue } from './cell-value';
import { EntityCell } from './entity-cell';

type Row = Readonly<Record<string, unknown>>;

/** Nested tables show this many rows; the raw record below has them all. */
const MAX_NESTED_ROWS = 100;

function FieldList({ columns, record, entity }: { columns: readonly EntityColumn[]; record: Row; entity: string }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {columns.map((column) => (
        <div key={column.id} className="contents">
          <dt className="text-muted-foreground">
            {column.meta.label} <span className="font-mono text-[10px]">{column.id}</span>
          </dt>
          <dd className="min-w-0 break-words" data-field={column.id}>
            <CellValue
              column={column.meta}
              value={record[column.id]}
              mode="detail"
              selfEntity={column.id === 'id' ? entity : undefined}
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The record's fields: the registry's columns, then any other field the service sent. */
export function FieldsPanel({ view, record }: { view: EntityView; record: Row }) {
  const declared = new Set([...view.columns.map((column) => column.id), ...view.nested.map((nested) => nested.field)]);
  const extra = Object.fromEntries(Object.entries(record).filter(([key]) => !declared.has(key)));
  const extraColumns =
    Object.keys(extra).length > 0 ? inferColumns([extra]).filter((column) => column.id in extra) : [];
  return (
    <Card gap="gap-4">
      <CardHeader>
        <CardTitle className="text-base">
          <h2>Fields</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <FieldList columns={view.columns} record={record} entity={view.name} />
        {extraColumns.length > 0 ? (
          <section className="space-y-3">
            <h3 className="text-sm font-medium">Other fields</h3>
            <FieldList columns={extraColumns} record={record} entity={view.name} />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

function LinkedRecordList({ view, record, titles }: { view: EntityView; record: Row; titles?: Titles }) {
  const linked = view.columns.filter((column) => column.meta.linkTo && idsIn(record[column.id]).length > 0);
  if (linked.length === 0) return <p className="text-sm text-muted-foreground">No links to other records.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {linked.map((column) => (
        <li key={column.id} className="flex flex-col gap-0.5">
          <span className="text-xs text-muted-foreground">{column.meta.label}</span>
          <CellValue
            column={{ kind: column.meta.kind === 'list' ? 'list' : 'id', linkTo: column.meta.linkTo }}
            value={record[column.id]}
            mode="detail"
            titles={titles}
          />
        </li>
      ))}
    </ul>
  );
}

async function LinkedRecordsWithTitles({
  view,
  record,
  titles,
}: {
  view: EntityView;
  record: Row;
  titles: Promise<Titles>;
}) {
  return <LinkedRecordList view={view} record={record} titles={await titles} />;
}

function RelatedListLinks({ view, id, counts }: { view: EntityView; id: string; counts?: RelatedCount[] }) {
  return (
    <ul className="space-y-1 text-sm">
      {view.relatedLists.map((related) => {
        const result = counts?.find((count) => count.related === related);
        return (
          <li key={`${related.entity}?${related.param}`}>
            <Link
              href={filteredListHref(related.entity, { [related.param]: id })}
              className="text-primary underline underline-offset-2"
            >
              {related.label}
            </Link>{' '}
            <span className="text-muted-foreground tabular-nums">
              {result === undefined
                ? ''
                : 'count' in result
                  ? `(${result.count.toLocaleString('en-US')})`
                  : '(count unavailable)'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

async function RelatedListsWithCounts({
  view,
  id,
  counts,
}: {
  view: EntityView;
  id: string;
  counts: Promise<RelatedCount[]>;
}) {
  return <RelatedListLinks view={view} id={id} counts={await counts} />;
}

export function RelatedPanel({
  view,
  record,
  titles,
  counts,
}: {
  view: EntityView;
  record: Row;
  titles: Promise<Titles>;
  counts: Promise<RelatedCount[]>;
}) {
  const id = String(record.id);
  return (
    <Card gap="gap-4">
      <CardHeader>
        <CardTitle className="text-base">
          <h2>Related</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <section className="space-y-2" aria-label="Linked records">
          <Suspense fallback={<LinkedRecordList view={view} record={record} />}>
            <LinkedRecordsWithTitles view={view} record={record} titles={titles} />
          </Suspense>
        </section>
        {view.relatedLists.length > 0 ? (
          <section className="space-y-2" aria-label="Related lists">
            <h3 className="text-xs font-medium text-muted-foreground">Lists</h3>
            <Suspense fallback={<RelatedListLinks view={view} id={id} />}>
              <RelatedListsWithCounts view={view} id={id} counts={counts} />
            </Suspense>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A nested table's rows (the first MAX_NESTED_ROWS), declared by the registry's nested columns. */
function NestedRows({ nested, rows, titles }: { nested: NestedTable; rows: Row[]; titles?: Titles }) {
  return (
    <ListTable
      columns={nested.columns}
      defaultCell={EntityCell}
      meta={titles ? { titles } : {}}
      rows={rows.slice(0, MAX_NESTED_ROWS)}
      getRowId={(_row, index) => String(index)}
      caption={nested.label}
      empty="None."
    />
  );
}

async function NestedRowsWithTitles({
  nested,
  rows,
  titles,
}: {
  nested: NestedTable;
  rows: Row[];
  titles: Promise<Titles>;
}) {
  return <NestedRows nested={nested} rows={rows} titles={await titles} />;
}

/** An array of objects inside the record (channel members, audio models) as a small table. */
export function NestedPanel({ nested, record, titles }: { nested: NestedTable; record: Row; titles: Promise<Titles> }) {
  const value = record[nested.field];
  const rows = Array.isArray(value)
    ? value.filter((row): row is Row => row !== null && typeof row === 'object' && !Array.isArray(row))
    : [];
  return (
    <Card gap="gap-3">
      <CardHeader>
        <CardTitle className="text-base">
          <h2>
            {nested.label}{' '}
            <span className="text-sm font-normal text-muted-foreground">({rows.length.toLocaleString('en-US')})</span>
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">None.</p>
        ) : (
          <>
            <Suspense fallback={<NestedRows nested={nested} rows={rows} />}>
              <NestedRowsWithTitles nested={nested} rows={rows} titles={titles} />
            </Suspense>
            {rows.length > MAX_NESTED_ROWS ? (
              <p className="mt-2 text-xs text-muted-foreground">
                Showing the first {MAX_NESTED_ROWS} of {rows.length.toLocaleString('en-US')}; the raw record has them
                all.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A record's panels together (fields, related, nested), as the generic detail page shows them
 * and the accounts pages extend them. `counts` is given by a page that started counting before
 * the record was read; `skipNested` names nested tables the page shows its own way (a
 * channel's members).
 */
export function RecordPanels({
  upstream,
  view,
  record,
  counts = countRelated(upstream, view, record.id),
  skipNested = [],
}: {
  upstream: UpstreamClient;
  view: EntityView;
  record: RaRecord;
  counts?: Promise<RelatedCount[]>;
  skipNested?: readonly string[];
}) {
  // Titles of linked records need the record's ids; they stream in after the page.
  const titles = readTitles(upstream, linkedIds(view, record));
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <FieldsPanel view={view} record={record} />
        </div>
        <RelatedPanel view={view} record={record} titles={titles} counts={counts} />
      </div>
      {view.nested
        .filter((nested) => !skipNested.includes(nested.field))
        .map((nested) => (
          <NestedPanel key={nested.field} nested={nested} record={record} titles={titles} />
        ))}
    </>
  );
}
