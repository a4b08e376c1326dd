/**
 * A table's CSV, from its declaration (lib/tables/columns.ts): the columns whose meta names a
 * `csv` field, in table order, each value read through the column's own accessor and written by
 * its kind (times as ISO 8601 UTC, lists joined with `; `, the rest as read).
 */
import type { RowData } from '@tanstack/table-core';
import { CSV_BOM, csvRecord } from '@/lib/csv';
import type { ColumnKind } from '@/lib/entities/types';
import { isTimeEncoding, toInstant } from '@/lib/time';
import type { ConsoleColumn } from './columns';

/** A value as exported: times as ISO 8601 UTC, lists joined with `; `, the rest as read. */
export function exportValue(kind: ColumnKind | undefined, value: unknown): unknown {
  if (kind !== undefined && isTimeEncoding(kind)) {
    return toInstant(value, kind)?.toISOString() ?? value;
  }
  if (kind === 'list' && Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.join('; ');
  }
  return value;
}

/** The exported columns of a declaration: those with a CSV field that the visibility shows (none given: all). */
export function csvColumns<TColumn extends { id?: string; meta?: { csv?: string } }>(
  columns: readonly TColumn[],
  visibility?: Readonly<Record<string, boolean>>,
): TColumn[] {
  return columns.filter(
    (column) =>
      column.meta?.csv !== undefined &&
      (visibility === undefined || column.id === undefined || visibility[column.id] !== false),
  );
}

/** A row's value in a column, through the column's accessor (a display column has none). */
function accessedValue<TData extends RowData>(column: ConsoleColumn<TData>, row: TData, index: number): unknown {
  if ('accessorFn' in column && column.accessorFn) return column.accessorFn(row, index);
  if ('accessorKey' in column && typeof column.accessorKey === 'string')
    return (row as Readonly<Record<string, unknown>>)[column.accessorKey];
  return undefined;
}

/** The start of an export file: the byte order mark and the field names. */
export function csvHeader<TData extends RowData>(columns: readonly ConsoleColumn<TData>[]): string {
  return CSV_BOM + csvRecord(columns.map((column) => column.meta?.csv ?? ''));
}

export function csvRows<TData extends RowData>(
  columns: readonly ConsoleColumn<TData>[],
  rows: readonly TData[],
): string {
  return rows
    .map((row, index) =>
      csvRecord(columns.map((column) => exportValue(column.meta?.kind, accessedValue(column, row, index)))),
    )
    .join('');
}
