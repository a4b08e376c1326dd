'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import type { ServerTableFeatures } from '@/components/data-table/features';
import { ServerList, type ServerListRows, type ServerListSearch } from '@/components/data-table/server-list';
import { timeColumn } from '@/components/data-table/time-column';
import { RefusalNote } from '@/components/refusal-note';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DomainRow } from '@/lib/domains/data';
import { detailHref } from '@/lib/entities/hrefs';
import type { ApprovalGate } from '@/lib/approvals/gate';
import type { ActionPermission } from '@/lib/auth/permissions';
import { DeleteDomainDialog, DomainFormDialog } from './lazy-dialogs';

const helper = createColumnHelper<ServerTableFeatures, DomainRow>();

export type DomainsTableProps = ServerListRows<DomainRow> &
  ServerListSearch & {
    /** Whether the operator's role may create, edit and delete, and if not why (decided on the server). */
    write: ActionPermission;
    /** Set under the four-eyes policy: deleting is requested for approval. */
    deleteApproval: ApprovalGate | null;
  };

function workspaceLabel(row: DomainRow): string {
  return row.workspaceName ? `${row.workspaceName} (${row.workspaceGuid})` : row.workspaceGuid;
}

/** The note every write control points at when the role may not write. */
const REFUSAL_ID = 'domain-write-refused';

/** Domains with their workspaces' names; add, edit and delete in dialogs. The URL is the list's state. */
export function DomainsTable({ write, deleteApproval, ...list }: DomainsTableProps) {
  const canWrite = write.allowed;
  const describedBy = canWrite ? undefined : REFUSAL_ID;
  const columns = useMemo(
    () => [
      helper.accessor((row): unknown => row.domain, {
        id: 'domain',
        header: 'Domain',
        enableSorting: true,
        meta: { label: 'Domain' },
        cell: ({ row }) => (
          <span className="flex flex-col">
            <a data-client-nav href={detailHref('domains', row.original.id)} className="font-medium hover:underline">
              {row.original.domain}
            </a>
            {row.original.unicode ? (
              <span className="text-xs text-muted-foreground" data-testid="domain-unicode">
                <bdi>{row.original.unicode}</bdi>
              </span>
            ) : null}
          </span>
        ),
      }),
      helper.accessor((row): unknown => row.workspaceGuid, {
        id: 'workspace_guid',
        header: 'Workspace',
        enableSorting: true,
        meta: { label: 'Workspace' },
        cell: ({ row }) => (
          <span className="flex flex-col">
            <a data-client-nav href={detailHref('workspaces', row.original.workspaceGuid)} className="hover:underline">
              <bdi>{row.original.workspaceName ?? 'Unknown workspace'}</bdi>
            </a>
            <span className="font-mono text-xs text-muted-foreground">{row.original.workspaceGuid}</span>
            {row.original.workspaceDeleted ? <Badge variant="outline">workspace deleted</Badge> : null}
          </span>
        ),
      }),
      timeColumn<DomainRow>('created_at', 'Created', (row) => row.createdAt),
      timeColumn<DomainRow>('updated_at', 'Updated', (row) => row.updatedAt),
      helper.display({
        id: 'actions',
        header: 'Actions',
        meta: { label: 'Actions' },
        cell: ({ row }) => {
          const target = { id: row.original.id, domain: row.original.domain, workspaceGuid: row.original.workspaceGuid };
          return (
            <span className="flex gap-2">
              <DomainFormDialog
                editing={target}
                trigger={
                  <Button size="sm" variant="outline" disabled={!canWrite} aria-describedby={describedBy} aria-label={`Edit ${row.original.domain}`}>
                    <Pencil aria-hidden /> Edit
                  </Button>
                }
              />
              <DeleteDomainDialog
                target={target}
                workspaceLabel={workspaceLabel(row.original)}
                approval={deleteApproval}
                trigger={
                  <Button size="sm" variant="outline" disabled={!canWrite} aria-describedby={describedBy} aria-label={`Delete ${row.original.domain}`}>
                    <Trash2 aria-hidden /> Delete
                  </Button>
                }
              />
            </span>
          );
        },
      }),
    ],
    [canWrite, describedBy, deleteApproval],
  );

  return (
    <ServerList
      {...list}
      columns={columns}
      getRowId={(row) => row.id}
      caption="Domains"
      rowLabel="domains"
      tools={() => (
        <DomainFormDialog
          defaultWorkspace={list.filters.workspace ?? ''}
          trigger={
            <Button disabled={!canWrite} aria-describedby={describedBy}>
              <Plus aria-hidden /> Add domain
            </Button>
          }
        />
      )}
      notice={<RefusalNote id={REFUSAL_ID} permission={write} className="basis-full" />}
    />
  );
}
