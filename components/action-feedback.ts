'use client';

import type { ActionResult } from '@/lib/actions/guard/define';

/**
 * Calls a server action from the browser. A call that throws (the connection dropped, or the
 * console was redeployed under an open page) becomes a failed result that says the change may
 * have been applied, instead of an exception that replaces the page with the error screen.
 */
export async function callAction<T>(action: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await action();
  } catch (error) {
    console.error('[action] the call failed', error);
    return {
      ok: false,
      error: {
        kind: 'internal',
        message:
          'The console did not answer, so this may or may not have been applied. Reload, check the record and the audit log, then try again if needed.',
      },
    };
  }
}

/**
 * Tells the operator how an action ended: what happened and, on failure, the request id. The
 * toast library loads with the toaster after the page (components/ui/lazy-toaster.tsx), not in
 * the page's first load: an action ends long after it is there.
 */
export function announceActionResult(result: ActionResult<unknown>, success: string): void {
  void import('@/components/ui/toaster').then(({ toast }) => {
    if (result.ok && result.warning) {
      toast.warning(success, { description: result.warning });
      return;
    }
    if (result.ok) {
      toast.success(success, { description: result.requestId ? `Request id ${result.requestId}` : undefined });
      return;
    }
    const { error } = result;
    const details = [
      error.failure?.guidance,
      error.failure?.requestId ? `Request id ${error.failure.requestId}` : null,
      error.fieldErrors
        ? Object.entries(error.fieldErrors)
            .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
            .join('; ')
        : null,
    ].filter(Boolean);
    toast.error(error.message, { description: details.join(' · ') || undefined });
  });
}
