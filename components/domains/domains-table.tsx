import { Link } from '@/components/link';
import { withCells, type ConsoleColumn, type DeclaredIds } from '@/lib/tables/columns';
import { listPageTable, type ListPage } from '@/components/data-table/filters/filtered-list';
import { PagedTable } from '@/components/data-table/paged-table';
import { timeCell } from '@/components/data-table/cells/time-column';
import { RefusalNote } from '@/components/refusal-note';
import { Badge } from '@/components/ui/badge';
import type { DomainRow } from '@/lib/domains/data';
import { detailHref } from '@/lib/entities/hrefs';
import { DOMAIN_COLUMNS } from '@/lib/entities/declared-columns';
import type { ApprovalGate } from '@/lib/approvals/gate';
import type { ActionPermission } from '@/lib/auth/roles';
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
  const columns: ConsoleColumn<DomainRow>[] = [
    ...withCells<DomainRow, DeclaredIds<typeof DOMAIN_COLUMNS>>(DOMAIN_COLUMNS, {
      domain: ({ row: { original: row } }) => (
        <span className="flex flex-col">
          {/* Operators read and type names in Unicode; the stored punycode is shown beneath. */}
          <Link href={detailHref('domains', row.id)} className="font-medium hover:underline">
            {row.unicode ? <bdi data-testid="domain-unicode">{row.unicode}</bdi> : row.domain}
          </Link>
          {row.unicode ? (
            <span className="text-xs text-muted-foreground" data-testid="domain-stored">
              {row.domain}
            </span>
          ) : null}
        </span>
      ),
      workspace_guid: ({ row: { original: row } }) => (
        <span className="flex flex-col">
          <Link href={detailHref('workspaces', row.workspaceGuid)} className="hover:underline">
            <bdi>{row.workspaceName ?? 'Unknown workspace'}</bdi>
          </Link>
          <span className="font-mono text-xs text-muted-foreground">{row.workspaceGuid}</span>
          {row.workspaceDeleted ? <Badge variant="outline">workspace deleted</Badge> : null}
        </span>
      ),
      created_at: timeCell((row) => row.createdAt),
      updated_at: timeCell((row) => row.updatedAt),
    }),
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: row } }) => (
        <DomainRowActions row={row} write={write} deleteApproval={deleteApproval} />
      ),
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
