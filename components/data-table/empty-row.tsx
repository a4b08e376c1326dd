import { TableCell, TableRow } from '@/components/ui/table';

/** The one row a table shows in place of its rows when it has none, across all its columns. */
export function EmptyRow({ columnCount, children }: { columnCount: number; children: React.ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={columnCount} className="h-24 text-center whitespace-normal">
        {children}
      </TableCell>
    </TableRow>
  );
}
