'use client';

import { createColumnHelper } from '@tanstack/react-table';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { PagedDataTable } from '@/components/data-table/paged-table';
import type { PlanSampleItem } from '@/lib/jobs/types';
import { formatUtc } from '@/lib/time';

const helper = createColumnHelper<ServerTableFeatures, PlanSampleItem>();

const COLUMNS = [
  helper.display({ id: 'message', header: 'Message', meta: { label: 'Message', cellClassName: 'font-mono text-xs' }, cell: ({ row }) => row.original.messageGuid }),
  helper.display({ id: 'status', header: 'Status', meta: { label: 'Status', cellClassName: 'text-xs' }, cell: ({ row }) => row.original.status }),
  helper.display({
    id: 'updated',
    header: 'Last updated',
    meta: { label: 'Last updated', cellClassName: 'whitespace-nowrap text-xs' },
    cell: ({ row }) => (row.original.lastUpdatedAt ? formatUtc(new Date(row.original.lastUpdatedAt)) : '—'),
  }),
];

/** The first messages a dry run found, as the generic data table. */
export function DryRunSampleTable({ sample }: { sample: PlanSampleItem[] }) {
  return (
    <div className="space-y-1">
      <p className="text-xs text-muted-foreground">Sample of the first {sample.length}</p>
      <PagedDataTable columns={COLUMNS} rows={sample} getRowId={(row) => row.id} caption={`Sample of the first ${sample.length}`} empty="No message." testId="dry-run-sample" />
    </div>
  );
}
