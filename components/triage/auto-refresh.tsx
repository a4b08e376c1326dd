'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { formatUtcTime } from '@/lib/time';

/** Re-reads the page from the server every `seconds` (0: paused), showing when it last did. */
export function AutoRefresh({ seconds, renderedAt, pauseHref, resumeHref }: { seconds: number; renderedAt: string; pauseHref: string; resumeHref: string }) {
  const router = useRouter();
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => {
      // Not while a dialog is open: the operator is in the middle of something (a dry run, a
      // confirmation) that a re-render could take away.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      router.refresh();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds]);
  return (
    <div className="flex items-center gap-3 text-sm text-muted-foreground" data-testid="auto-refresh">
      <span>
        Updated at <time dateTime={renderedAt} data-testid="updated-at">{formatUtcTime(new Date(renderedAt))}</time>
        {seconds > 0 ? `, every ${seconds} s` : ', paused'}
      </span>
      {seconds > 0 ? (
        <Link href={pauseHref} className="underline">Pause</Link>
      ) : (
        <Link href={resumeHref} className="underline">Resume</Link>
      )}
    </div>
  );
}
