import { Plus } from 'lucide-react';
import type { ListColumn } from '@/components/data-table/list-table';
import { listPageTable, type ListPage } from '@/components/data-table/filtered-list';
import { PagedTable } from '@/components/data-table/paged-table';
import { RowDialogButton, RowDialogButtons } from '@/components/data-table/row-dialog-button';
import { timeColumn } from '@/components/data-table/time-column';
import { RefusalNote } from '@/components/refusal-note';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { DomainRow } from '@/lib/domains/data';
import { detailHref } from '@/lib/entities/hrefs';
import type { ApprovalGate } from '@/lib/approvals/gate';
import type { ActionPermission } from '@/lib/auth/roles';
import { DomainRowDialogs } from './domain-row-dialogs';
import { DomainFormDialog } from './lazy-dialogs';
import { DOMAIN_ROW_DIALOGS, type DomainRowData } from './row-dialogs';

export type DomainsTableProps = ListPage<DomainRow> & {
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

/**
 * Domains with their workspaces' names; add, edit and delete in dialogs. The URL is the list's
 * state. A row's Edit and Delete are plain buttons: one host opens their dialogs (DomainRowDialogs).
 */
export function DomainsTable({ write, deleteApproval, ...list }: DomainsTableProps) {
  const canWrite = write.allowed;
  const describedBy = canWrite ? undefined : REFUSAL_ID;
  const columns: ListColumn<DomainRow>[] = [
    {
      id: 'domain',
      header: 'Domain',
      sortable: true,
      cell: (row) => (
        <span className="flex flex-col">
          <a data-client-nav href={detailHref('domains', row.id)} className="font-medium hover:underline">
            {row.domain}
          </a>
          {row.unicode ? (
            <span className="text-xs text-muted-foreground" data-testid="domain-unicode">
              <bdi>{row.unicode}</bdi>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'workspace_guid',
      header: 'Workspace',
      sortable: true,
      cell: (row) => (
        <span className="flex flex-col">
          <a data-client-nav href={detailHref('workspaces', row.workspaceGuid)} className="hover:underline">
            <bdi>{row.workspaceName ?? 'Unknown workspace'}</bdi>
          </a>
          <span className="font-mono text-xs text-muted-foreground">{row.workspaceGuid}</span>
          {row.workspaceDeleted ? <Badge variant="outline">workspace deleted</Badge> : null}
        </span>
      ),
    },
    timeColumn<DomainRow>('created_at', 'Created', (row) => row.createdAt),
    timeColumn<DomainRow>('updated_at', 'Updated', (row) => row.updatedAt),
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => {
        const data: DomainRowData = { domainId: row.id, domain: row.domain, workspaceGuid: row.workspaceGuid, workspaceLabel: workspaceLabel(row) };
        return (
          <RowDialogButtons data={data}>
            <RowDialogButton dialog={DOMAIN_ROW_DIALOGS.edit} icon="pencil" label={`Edit ${row.domain}`} disabled={!canWrite} describedBy={describedBy}>
              Edit
            </RowDialogButton>
            <RowDialogButton dialog={DOMAIN_ROW_DIALOGS.delete} icon="trash" label={`Delete ${row.domain}`} disabled={!canWrite} describedBy={describedBy}>
              Delete
            </RowDialogButton>
          </RowDialogButtons>
        );
      },
    },
  ];

  return (
    <PagedTable
      {...listPageTable(list, 'domains')}
      columns={columns}
      getRowId={(row) => row.id}
      caption="Domains"
      actions={
        <>
          <DomainFormDialog
            defaultWorkspace={list.filters.workspace ?? ''}
            trigger={
              <Button disabled={!canWrite} aria-describedby={describedBy}>
                <Plus aria-hidden /> Add domain
              </Button>
            }
          />
          {canWrite ? <DomainRowDialogs deleteApproval={deleteApproval} /> : null}
        </>
      }
      notice={<RefusalNote id={REFUSAL_ID} permission={write} className="basis-full" />}
    />
  );
}
