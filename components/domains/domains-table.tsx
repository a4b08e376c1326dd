import type { ListColumn } from '@/components/data-table/list-table';
import { listPageTable, type ListPage } from '@/components/data-table/filtered-list';
import { PagedTable } from '@/components/data-table/paged-table';
import { timeColumn } from '@/components/data-table/time-column';
import { RefusalNote } from '@/components/refusal-note';
import { Badge } from '@/components/ui/badge';
import type { DomainRow } from '@/lib/domains/data';
import { detailHref } from '@/lib/entities/hrefs';
import type { ApprovalGate } from '@/lib/approvals/gate';
import type { ActionPermission } from '@/lib/auth/permissions';
import { AddDomainButton, DOMAIN_WRITE_REFUSAL_ID, DomainRowActions } from './domain-row-actions';

export type DomainsTableProps = ListPage<DomainRow> & {
  /** Whether the operator's role may create, edit and delete, and if not why (decided on the server). */
  write: ActionPermission;
  /** Set under the four-eyes policy: deleting is requested for approval. */
  deleteApproval: ApprovalGate | null;
};

/**
 * Domains with their workspaces' names; add, edit and delete in dialogs. The URL is the list's
 * state. Each row's Edit and Delete open their dialogs (DomainRowActions).
 */
export function DomainsTable({ write, deleteApproval, ...list }: DomainsTableProps) {
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
      cell: (row) => <DomainRowActions row={row} write={write} deleteApproval={deleteApproval} />,
    },
  ];

  return (
    <PagedTable
      {...listPageTable(list, 'domains')}
      columns={columns}
      getRowId={(row) => row.id}
      caption="Domains"
      actions={<AddDomainButton defaultWorkspace={list.filters.workspace ?? ''} write={write} />}
      notice={<RefusalNote id={DOMAIN_WRITE_REFUSAL_ID} permission={write} className="basis-full" />}
    />
  );
}
