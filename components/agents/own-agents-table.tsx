'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { timeColumn } from '@/components/data-table/time-column';
import { useListNavigation } from '@/components/data-table/use-list-navigation';
import { useServerTable } from '@/components/data-table/use-server-table';
import { CellValue } from '@/components/entities/cell-value';
import { detailHref } from '@/lib/entities/hrefs';
import type { Agent } from '@/lib/upstream/contract';

const helper = createColumnHelper<ServerTableFeatures, Agent>();
const NO_VISIBILITY = {};

/** The operator's own agents, one page of GET /agents (its order is the service's, by direction). */
export function OwnAgentsTable({ agents, limit }: { agents: Agent[]; limit: number }) {
  const router = useRouter();
  const navigation = useListNavigation();
  const columns = useMemo(
    () => [
      helper.accessor((row): unknown => row.name, {
        id: 'name',
        header: 'Agent',
        enableSorting: false,
        meta: { label: 'Agent' },
        cell: ({ row }) => (
          <a data-client-nav href={detailHref('agents', row.original.id)} className="font-medium hover:underline">
            <bdi>{row.original.name?.trim() || row.original.id}</bdi>
          </a>
        ),
      }),
      helper.accessor((row): unknown => row.email, {
        id: 'email',
        header: 'E-mail',
        enableSorting: false,
        meta: { label: 'E-mail' },
        cell: (context) => <CellValue column={{ kind: 'email' }} value={context.getValue()} mode="table" />,
      }),
      timeColumn<Agent>('created_at', 'Created', (row) => row.created_at, { sortable: false }),
    ],
    [],
  );
  const table = useServerTable({
    columns,
    rows: agents,
    total: agents.length,
    page: 1,
    size: limit,
    sort: null,
    defaultSort: null,
    visibility: NO_VISIBILITY,
    defaultVisibility: NO_VISIBILITY,
    getRowId: (row) => row.id,
    navigation,
  });
  return (
    <DataTable
      table={table}
      caption="My agents"
      isPending={navigation.isPending}
      onRowClick={(row) => router.push(detailHref('agents', row.original.id))}
      onLinkClick={(href) => router.push(href)}
      empty={<p>You have no agents on this page. Create one above, or change the paging.</p>}
    />
  );
}
