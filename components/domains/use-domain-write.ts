'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import type { DomainWriteResult } from '@/app/(console)/_actions/domains';
import { announceActionResult, callAction } from '@/components/action-feedback';

export type DomainWriteFailure = Extract<DomainWriteResult, { ok: false }>;

/**
 * Runs a domain write from a dialog: on success it is announced and the dialog closes, on failure
 * the failure stays for the dialog to show; the list is read back from the service either way.
 */
export function useDomainWrite(close: () => void) {
  const router = useRouter();
  const [failure, setFailure] = useState<DomainWriteFailure | null>(null);
  const [pending, startTransition] = useTransition();
  const write = (call: () => Promise<DomainWriteResult>, success: string) => {
    setFailure(null);
    startTransition(async () => {
      const result = await callAction(call);
      if (result.ok) {
        announceActionResult(result, success);
        close();
      } else {
        // callAction keeps the action's own result, duplicate included.
        setFailure(result as DomainWriteFailure);
      }
      router.refresh();
    });
  };
  return { pending, failure, setFailure, write };
}
