'use client';

import { z } from 'zod';
import type { RowDialogRequest } from '@/components/data-table/use-row-dialog';
import type { ApprovalGate } from '@/lib/approvals/gate';
import { DeleteDomainDialog } from './delete-domain-dialog';
import { DomainFormDialog } from './domain-form-dialog';
import { DOMAIN_ROW_DIALOGS, type DomainRowData } from './row-dialogs';

const domainRowDataSchema = z.object({
  domainId: z.string().min(1),
  domain: z.string().min(1),
  workspaceGuid: z.string().min(1),
  workspaceLabel: z.string().min(1),
}) satisfies z.ZodType<DomainRowData>;

export interface DomainRowDialogProps {
  request: RowDialogRequest;
  deleteApproval: ApprovalGate | null;
}

/** The dialog a row's button asked for, open, on the domain its data attributes name. */
export function DomainRowDialog({ request, deleteApproval }: DomainRowDialogProps) {
  const row = domainRowDataSchema.safeParse(request.data);
  if (!row.success) {
    // The table writes every attribute; a row without them is a bug to see, not to guess around.
    console.error(`[domains] a row's ${request.dialog} button lacks its data: ${row.error.message}`);
    return null;
  }
  const target = { id: row.data.domainId, domain: row.data.domain, workspaceGuid: row.data.workspaceGuid };
  return request.dialog === DOMAIN_ROW_DIALOGS.delete ? (
    <DeleteDomainDialog target={target} workspaceLabel={row.data.workspaceLabel} approval={deleteApproval} trigger={null} defaultOpen />
  ) : (
    <DomainFormDialog editing={target} trigger={null} defaultOpen />
  );
}
