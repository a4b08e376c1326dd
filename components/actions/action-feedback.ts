'use client';

import { toast } from '@/components/ui/toaster';
import type { ActionResult } from '@/lib/actions/define';

/** Tells the operator how an action ended: what happened and, on failure, the request id. */
export function announceActionResult(result: ActionResult<unknown>, success: string): void {
  if (result.ok) {
    toast.success(success, { description: result.requestId ? `Request id ${result.requestId}` : undefined });
    return;
  }
  const { error } = result;
  const details = [
    error.failure?.guidance,
    error.failure?.requestId ? `Request id ${error.failure.requestId}` : null,
    error.fieldErrors ? Object.entries(error.fieldErrors).map(([field, messages]) => `${field}: ${messages.join(', ')}`).join('; ') : null,
  ].filter(Boolean);
  toast.error(error.message, { description: details.join(' · ') || undefined });
}
