'use client';

import { Plus } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ApprovalGate } from '@/lib/approvals/gate';
import type { ActionPermission } from '@/lib/auth/roles';
import type { DomainRow } from '@/lib/domains/data';

/** The note every write control points at when the role may not write. */
export const DOMAIN_WRITE_REFUSAL_ID = 'domain-write-refused';

// The dialogs (Radix, the form's schema) load when one first opens, not with the list.
const DomainFormDialog = dynamic(() => import('./domain-form-dialog').then((module) => module.DomainFormDialog), {
  ssr: false,
});
const DeleteDomainDialog = dynamic(() => import('./delete-domain-dialog').then((module) => module.DeleteDomainDialog), {
  ssr: false,
});

/**
 * Which dialog is open; `key` is new at every opening, so the dialog starts afresh. The dialog
 * stays mounted once opened, so Radix returns focus to the button when it closes.
 */
type Opened = { dialog: 'edit' | 'delete'; key: number; open: boolean };

function useOpened() {
  const [opened, setOpened] = useState<Opened | null>(null);
  const open = (dialog: Opened['dialog']) =>
    setOpened((previous) => ({ dialog, key: (previous?.key ?? 0) + 1, open: true }));
  const setOpen = (next: boolean) => setOpened((previous) => (previous ? { ...previous, open: next } : null));
  return { opened, open, setOpen };
}

const workspaceLabel = (row: DomainRow) =>
  row.workspaceName ? `${row.workspaceName} (${row.workspaceGuid})` : row.workspaceGuid;

/** A row's button that opens a dialog, drawn with a CSS icon (app/globals.css); disabled with the reason when the role may not write. */
function RowButton({
  icon,
  label,
  write,
  onClick,
  children,
}: {
  icon: string;
  label: string;
  write: ActionPermission;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      className={`row-action-icon ${icon}`}
      aria-haspopup="dialog"
      aria-label={label}
      disabled={!write.allowed}
      aria-describedby={write.allowed ? undefined : DOMAIN_WRITE_REFUSAL_ID}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** A domain row's Edit and Delete, each opening its dialog on this row's domain. */
export function DomainRowActions({
  row,
  write,
  deleteApproval,
}: {
  row: DomainRow;
  write: ActionPermission;
  deleteApproval: ApprovalGate | null;
}) {
  const { opened, open, setOpen } = useOpened();
  const target = { id: row.id, domain: row.domain, workspaceGuid: row.workspaceGuid };
  return (
    <span className="flex gap-2">
      <RowButton icon="row-action-icon-pencil" label={`Edit ${row.domain}`} write={write} onClick={() => open('edit')}>
        Edit
      </RowButton>
      <RowButton
        icon="row-action-icon-trash"
        label={`Delete ${row.domain}`}
        write={write}
        onClick={() => open('delete')}
      >
        Delete
      </RowButton>
      {opened?.dialog === 'edit' ? (
        <DomainFormDialog key={opened.key} editing={target} open={opened.open} onOpenChange={setOpen} />
      ) : null}
      {opened?.dialog === 'delete' ? (
        <DeleteDomainDialog
          key={opened.key}
          target={target}
          workspaceLabel={workspaceLabel(row)}
          approval={deleteApproval}
          open={opened.open}
          onOpenChange={setOpen}
        />
      ) : null}
    </span>
  );
}

/** The list's Add domain, with the new-domain dialog; the list's workspace filter fills in the workspace. */
export function AddDomainButton({ defaultWorkspace, write }: { defaultWorkspace: string; write: ActionPermission }) {
  const { opened, open, setOpen } = useOpened();
  return (
    <>
      <Button
        type="button"
        aria-haspopup="dialog"
        disabled={!write.allowed}
        aria-describedby={write.allowed ? undefined : DOMAIN_WRITE_REFUSAL_ID}
        onClick={() => open('edit')}
      >
        <Plus aria-hidden /> Add domain
      </Button>
      {opened ? (
        <DomainFormDialog
          key={opened.key}
          defaultWorkspace={defaultWorkspace}
          open={opened.open}
          onOpenChange={setOpen}
        />
      ) : null}
    </>
  );
}
