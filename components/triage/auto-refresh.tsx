'use client';

import { Link } from '@/components/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { clearBackgroundMark, clearBackgroundMarkSoon, rereadInBackground } from '@/components/auth/background-reread';
import { formatUtcTime } from '@/lib/time';

interface AutoRefreshProps {
  seconds: number;
  renderedAt: string;
  pauseHref: string;
  resumeHref: string;
  /** Why refreshing stopped for good (a job that ended), said instead of "paused", with no Resume. */
  stoppedBecause?: string;
}

/** Re-reads the page from the server every `seconds` (0: paused), showing when it last did. */
export function AutoRefresh({ seconds, renderedAt, pauseHref, resumeHref, stoppedBecause }: AutoRefreshProps) {
  const router = useRouter();
  // The re-read is not the operator's activity: marked for the proxy until shortly after its
  // render arrives (a new renderedAt), which covers the prefetches of the links it renders, so an
  // unattended page does not keep the session past its idle timeout.
  useEffect(() => clearBackgroundMarkSoon(), [renderedAt]);
  useEffect(() => clearBackgroundMark, []);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => {
      rereadInBackground(() => router.refresh());
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds]);
  return (
    <div className="flex items-center gap-3 text-sm text-muted-foreground" data-testid="auto-refresh">
      <span>
        Updated at{' '}
        <time dateTime={renderedAt} data-testid="updated-at">
          {formatUtcTime(new Date(renderedAt))}
        </time>
        {seconds > 0
          ? `, every ${seconds} s`
          : stoppedBecause
            ? `; no longer refreshing: ${stoppedBecause}`
            : ', paused'}
      </span>
      {stoppedBecause && seconds <= 0 ? null : seconds > 0 ? (
        <Link href={pauseHref} className="underline">
          Pause
        </Link>
      ) : (
        <Link href={resumeHref} className="underline">
          Resume
        </Link>
      )}
    </div>
  );
}
