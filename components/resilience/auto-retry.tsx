'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { clearBackgroundMarkSoon, rereadInBackground } from '@/components/auth/background-reread';
import type { UpstreamFailure } from '@/lib/upstream/client';
import { autoRetryDelaySeconds } from './retry-schedule';

/**
 * Re-reads a failed page by itself, so it comes back when the service does, on the schedule of
 * retry-schedule.ts, each one a single page load (the console's own retries bound what it sends).
 * The re-read is marked as background work for the proxy, like the triage auto-refresh, so an
 * unattended failure page does not keep the session past its idle timeout.
 */
export function AutoRetry({ kind }: { kind: UpstreamFailure['kind'] }) {
  const router = useRouter();
  const [attempt, setAttempt] = useState(0);
  const [remaining, setRemaining] = useState<number | null>(() => autoRetryDelaySeconds(kind, 0));

  // The mark covers the re-read and the prefetches of the links it renders, then goes.
  useEffect(() => () => void clearBackgroundMarkSoon(), []);
  useEffect(() => {
    const delay = autoRetryDelaySeconds(kind, attempt);
    if (delay === null) return;
    const started = Date.now();
    const tick = setInterval(() => setRemaining(Math.max(0, delay - Math.floor((Date.now() - started) / 1000))), 1000);
    const timer = setTimeout(() => {
      rereadInBackground(() => router.refresh());
      setRemaining(autoRetryDelaySeconds(kind, attempt + 1));
      setAttempt(attempt + 1);
    }, delay * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [attempt, kind, router]);

  if (remaining === null) return null;
  return (
    <p className="text-xs" data-testid="auto-retry" aria-live="off">
      Trying again by itself in {remaining} s.
    </p>
  );
}
