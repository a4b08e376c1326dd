'use client';

import { useCallback, useEffect, useRef } from 'react';

/** How long typing pauses before a list follows it. */
export const TYPING_DEBOUNCE_MS = 400;

/**
 * Filters apply as the operator types: `schedule` runs the latest apply once typing has paused
 * for TYPING_DEBOUNCE_MS, `cancel` drops a pending one (Enter, a pick or leaving the page applies
 * or forgets it at once). The one debounce every filter form uses.
 */
export function useApplyAsTyped() {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = useCallback(() => clearTimeout(timer.current ?? undefined), []);
  const schedule = useCallback(
    (apply: () => void) => {
      cancel();
      timer.current = setTimeout(apply, TYPING_DEBOUNCE_MS);
    },
    [cancel],
  );
  useEffect(() => cancel, [cancel]);
  return { schedule, cancel };
}
