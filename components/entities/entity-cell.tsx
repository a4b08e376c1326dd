import type { ConsoleCellContext } from '@/lib/tables/columns';
import { CellValue } from './cell-value';

/**
 * An entity field's cell in a table, by the kind its column declares (lib/entities/columns.ts):
 * the default cell of every entity table; the record's own id links to its page.
 */
export function EntityCell<TRow extends object>({ getValue, column, table }: ConsoleCellContext<TRow>) {
  const meta = column.columnDef.meta;
  const { entity, titles } = table.options.meta ?? {};
  return (
    <CellValue
      column={{ kind: meta?.kind ?? 'text', linkTo: meta?.linkTo }}
      value={getValue()}
      mode="table"
      selfEntity={column.id === 'id' ? entity : undefined}
      titles={titles}
      copyableIds
    />
  );
}
