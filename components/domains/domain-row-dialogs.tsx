'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { useRowDialog } from '@/components/data-table/use-row-dialog';
import type { ApprovalGate } from '@/lib/approvals/gate';
import type { DomainRowDialogProps } from './domain-row-dialog';
import { DOMAIN_ROW_DIALOGS } from './row-dialogs';

const DIALOGS = Object.values(DOMAIN_ROW_DIALOGS);

/**
 * The one dialog host of the domains list: a row's Edit or Delete opens its dialog here. The
 * dialogs' code (Radix, the form's schema) loads at the first such click.
 */
export function DomainRowDialogs({ deleteApproval }: { deleteApproval: ApprovalGate | null }) {
  const request = useRowDialog(DIALOGS);
  const [Dialog, setDialog] = useState<ComponentType<DomainRowDialogProps> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    if (!request || Dialog) return;
    let current = true;
    import('./domain-row-dialog').then(
      (module) => current && setDialog(() => module.DomainRowDialog),
      () => current && setLoadFailed(true),
    );
    return () => {
      current = false;
    };
  }, [request, Dialog]);
  if (loadFailed) {
    return (
      <p role="alert" className="basis-full text-sm text-destructive">
        The dialog could not be loaded (the console may have been updated). Reload the page and try again.
      </p>
    );
  }
  return request && Dialog ? <Dialog key={request.key} request={request} deleteApproval={deleteApproval} /> : null;
}
