'use client';

import { BACKGROUND_REFRESH_COOKIE, BACKGROUND_REFRESH_COOKIE_MAX_AGE_SECONDS } from '@/lib/auth/background-request';

/** How long the mark stays after the re-read's render arrived (its links' prefetches included). */
const BACKGROUND_MARK_LINGER_MS = 2_000;

export function clearBackgroundMark(): void {
  document.cookie = `${BACKGROUND_REFRESH_COOKIE}=; path=/; max-age=0; samesite=strict`;
}

/** Clears the mark once the re-read's render has had time to arrive; returns the cancel. */
export function clearBackgroundMarkSoon(): () => void {
  const timer = window.setTimeout(clearBackgroundMark, BACKGROUND_MARK_LINGER_MS);
  return () => window.clearTimeout(timer);
}

/** Whether a dialog is open: the operator is in the middle of something a re-render could take away. */
function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * Re-reads the page from the server as background work, unless a dialog is open: marked for the
 * proxy (lib/auth/background-request.ts) so it never counts as the operator's activity. The
 * caller clears the mark once the new render has arrived (clearBackgroundMarkSoon).
 */
export function rereadInBackground(refresh: () => void): void {
  if (dialogOpen()) return;
  document.cookie = `${BACKGROUND_REFRESH_COOKIE}=1; path=/; max-age=${BACKGROUND_REFRESH_COOKIE_MAX_AGE_SECONDS}; samesite=strict`;
  refresh();
}
