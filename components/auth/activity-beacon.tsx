'use client';

import { useEffect } from 'react';
import { ACTIVITY_BEACON_PATH } from '@/lib/auth/background-request';

/** What counts as the operator being at the console: a press, a key. */
const INPUT_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Tells the server the operator is here when they click or type, at most once per `intervalMs`:
 * the page's own GETs (client-side navigations, prefetches, auto-refreshes) do not count as
 * activity (lib/auth/background-request.ts), so this is what keeps a working operator's session
 * from its idle timeout.
 */
export function ActivityBeacon({ intervalMs }: { intervalMs: number }) {
  useEffect(() => {
    let lastSent = 0;
    const onInput = () => {
      const now = Date.now();
      if (now - lastSent < intervalMs) return;
      lastSent = now;
      // keepalive: a click that navigates away does not cancel it.
      void fetch(ACTIVITY_BEACON_PATH, {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        cache: 'no-store',
      }).catch(() => {});
    };
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
    return () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
    };
  }, [intervalMs]);
  return null;
}
