'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { ServerList, type ServerListRows, type ServerListSearch } from '@/components/data-table/server-list';
import { timeColumn } from '@/components/data-table/time-column';
import { CellValue } from '@/components/entities/cell-value';
import { Badge } from '@/components/ui/badge';
import type { TitleRecord } from '@/lib/agents/data';
import { detailHref } from '@/lib/entities/hrefs';
import type { Agent } from '@/lib/upstream/contract';

const helper = createColumnHelper<ServerTableFeatures, Agent>();

export type AgentsTableProps = ServerListRows<Agent> & ServerListSearch & { titles: TitleRecord };

/** Every agent at the service: its owner and workspaces by name, created and deleted. */
export function AgentsTable({ titles, ...list }: AgentsTableProps) {
  const names = useMemo(() => new Map(Object.entries(titles)), [titles]);
  const columns = useMemo(
    () => [
      helper.accessor((row): unknown => row.name, {
        id: 'name',
        header: 'Agent',
        enableSorting: true,
        meta: { label: 'Agent' },
        cell: ({ row }) => (
          <span className="flex flex-col">
            <a data-client-nav href={detailHref('agents', row.original.id)} className="font-medium hover:underline">
              <bdi>{row.original.name?.trim() || row.original.id}</bdi>
            </a>
            <span className="text-xs text-muted-foreground">{row.original.email}</span>
          </span>
        ),
      }),
      helper.accessor((row): unknown => row.creator_id, {
        id: 'creator_id',
        header: 'Owner (root human)',
        enableSorting: true,
        meta: { label: 'Owner' },
        cell: (context) => <CellValue column={{ kind: 'id', linkTo: 'users' }} value={context.getValue()} mode="table" titles={names} plainLinks />,
      }),
      helper.accessor((row): unknown => row.workspace_guids ?? [], {
        id: 'workspace_guids',
        header: 'Workspaces',
        enableSorting: false,
        meta: { label: 'Workspaces' },
        cell: (context) => <CellValue column={{ kind: 'list', linkTo: 'workspaces' }} value={context.getValue()} mode="table" titles={names} plainLinks />,
      }),
      timeColumn<Agent>('created_at', 'Created', (row) => row.created_at),
      helper.accessor((row): unknown => row.deleted_at, {
        id: 'deleted_at',
        header: 'State',
        enableSorting: true,
        meta: { label: 'State' },
        cell: ({ row }) =>
          row.original.deleted_at ? (
            <span className="flex flex-col gap-1">
              <Badge variant="outline">deleted</Badge>
              <CellValue column={{ kind: 'iso-datetime' }} value={row.original.deleted_at} mode="table" />
            </span>
          ) : (
            <Badge variant="secondary">live</Badge>
          ),
      }),
    ],
    [names],
  );

  return (
    <ServerList {...list} columns={columns} getRowId={(row) => row.id} rowHref={(row) => detailHref('agents', row.id)} caption="Agents" rowLabel="agents" />
  );
}
