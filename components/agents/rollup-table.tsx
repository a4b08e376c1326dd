'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { ServerList, type ServerListRows } from '@/components/data-table/server-list';
import { timeColumn } from '@/components/data-table/time-column';
import { CellValue } from '@/components/entities/cell-value';
import type { TitleRecord } from '@/lib/agents/data';
import { ROLLUP_VIEW, type HumanRollupRow } from '@/lib/agents/rollup';
import { filteredListHref } from '@/lib/entities/hrefs';

const helper = createColumnHelper<ServerTableFeatures, HumanRollupRow>();
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The agents of a human, in the all-agents list. */
const agentsOf = (creatorId: string) => filteredListHref('agents', { creator: creatorId });

export function RollupTable({ titles, ...list }: Omit<ServerListRows<HumanRollupRow>, 'empty'> & { titles: TitleRecord }) {
  const names = useMemo(() => new Map(Object.entries(titles)), [titles]);
  const columns = useMemo(
    () => [
      helper.accessor((row): unknown => row.creatorId, {
        id: 'creatorId',
        header: 'Human',
        enableSorting: false,
        meta: { label: 'Human' },
        cell: (context) => <CellValue column={{ kind: 'id', linkTo: 'users' }} value={context.getValue()} mode="table" titles={names} plainLinks />,
      }),
      helper.accessor((row): unknown => row.agents, {
        id: 'agents',
        header: 'Agents',
        enableSorting: true,
        sortDescFirst: true,
        meta: { label: 'Agents' },
        cell: ({ row }) => (
          <a data-client-nav href={agentsOf(row.original.creatorId)} className="tabular-nums underline-offset-2 hover:underline" aria-label={`${row.original.agents} agents of ${names.get(`/users/${encodeURIComponent(row.original.creatorId)}`) ?? row.original.creatorId}`}>
            {row.original.agents.toLocaleString('en-US')}
          </a>
        ),
      }),
      helper.accessor((row): unknown => row.deletedShare, {
        id: 'deletedShare',
        header: 'Deleted share',
        enableSorting: true,
        sortDescFirst: true,
        meta: { label: 'Deleted share' },
        cell: ({ row }) => (
          <span className="tabular-nums">
            {percent(row.original.deletedShare)} <span className="text-xs text-muted-foreground">({row.original.deleted} deleted)</span>
          </span>
        ),
      }),
      timeColumn<HumanRollupRow>('newestAt', 'Newest agent', (row) => row.newestAt),
    ],
    [names],
  );
  return (
    <ServerList
      {...list}
      columns={columns}
      defaultSort={ROLLUP_VIEW.defaultSort}
      getRowId={(row) => row.creatorId}
      rowHref={(row) => agentsOf(row.creatorId)}
      caption="Agents per human"
      rowLabel="humans"
      empty={<p>There are no agents at the service.</p>}
    />
  );
}
