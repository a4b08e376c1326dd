/** The one constructor of an entity's column definitions (the registry's and the inferred ones). */
import { TIME_ENCODINGS } from '@/lib/time';
import type { ColumnKind, EntityColumn } from './types';

/** Newest and largest first is what an operator wants on the first click. */
const DESCENDING_FIRST: readonly ColumnKind[] = [...TIME_ENCODINGS, 'number', 'duration'];

export interface EntityColumnOptions {
  sortable?: boolean;
  hidden?: boolean;
  linkTo?: string;
}

/** A TanStack column definition of the field `key`, shown and exported by its kind. */
export function entityColumn<TKey extends string>(
  key: TKey,
  label: string,
  kind: ColumnKind,
  options: EntityColumnOptions = {},
): EntityColumn & { id: TKey } {
  return {
    id: key,
    accessorKey: key,
    header: label,
    enableSorting: options.sortable ?? false,
    sortDescFirst: DESCENDING_FIRST.includes(kind),
    enableHiding: key !== 'id',
    meta: {
      label,
      kind,
      defaultHidden: options.hidden ?? false,
      csv: key,
      ...(options.linkTo ? { linkTo: options.linkTo } : {}),
    },
  };
}
