import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AccountFootprint } from '@/lib/accounts/merge-preview';

const ROWS: ReadonlyArray<{ key: keyof Omit<AccountFootprint, 'workspaceIds' | 'channelIds'>; label: string }> = [
  { key: 'workspaces', label: 'Workspaces (member)' },
  { key: 'workspacesOwned', label: 'Workspaces owned' },
  { key: 'channels', label: 'Channels (member)' },
  { key: 'channelsOwned', label: 'Channels owned' },
  { key: 'messages', label: 'Messages' },
  { key: 'agents', label: 'Agents' },
];

/** Footprints side by side: one column per account or moment (before, after, expected). */
export function FootprintTable({
  caption,
  columns,
}: {
  caption: string;
  columns: ReadonlyArray<{ label: string; footprint: AccountFootprint; testId?: string }>;
}) {
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Holds</TableHead>
          {columns.map((column) => (
            <TableHead key={column.label} scope="col" align="right" wrap>
              {column.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {ROWS.map((row) => (
          <TableRow key={row.key}>
            <TableHead scope="row" rowLabel>
              {row.label}
            </TableHead>
            {columns.map((column) => (
              <TableCell
                key={column.label}
                className="text-right tabular-nums"
                data-testid={column.testId ? `${column.testId}-${row.key}` : undefined}
              >
                {column.footprint[row.key].toLocaleString('en-US')}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
