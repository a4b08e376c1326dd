'use client';

import { useSyncExternalStore } from 'react';
import { formatLocal } from '@/lib/time';

const subscribe = () => () => {};

/** The instant in the browser's time zone: known only in the browser, so blank on the server. */
export function LocalTime({ iso }: { iso: string }) {
  const local = useSyncExternalStore(
    subscribe,
    () => formatLocal(new Date(iso)),
    () => null,
  );
  return <span data-testid="local-time">{local ?? '…'}</span>;
}
