'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * An image from the service's data (an avatar a user set), fetched only when the operator asks:
 * loading it by itself would tell whoever controls the URL when an operator opened the record,
 * and could make staff browsers request intranet addresses. The CSP's img-src admits only the
 * hosts in CONSOLE_IMAGE_ORIGINS, so one elsewhere fails and shows as unavailable, like any broken one.
 */
export function OnDemandImage({ url, size }: { url: string; size: number }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const host = new URL(url).host;
  // The cell knows the URL, not whose image it is: the host's initials stand in for it.
  const letters = initials(
    host
      .replace(/^www\./, '')
      .split('.')
      .slice(0, -1)
      .join(' ') || host,
  );
  const placeholder = (text: string) => (
    <span
      aria-hidden
      style={{ width: size, height: size }}
      className="inline-flex shrink-0 items-center justify-center rounded bg-muted text-[10px] font-medium uppercase text-muted-foreground"
    >
      {text}
    </span>
  );
  if (state === 'idle') {
    return (
      <span className="inline-flex items-center gap-2">
        {placeholder(letters)}
        <Button type="button" variant="outline" size="tiny" onClick={() => setState('loading')} title={`Loads ${url}`}>
          Load image from {host}
        </Button>
      </span>
    );
  }
  if (state === 'failed') {
    return (
      <span className="inline-flex items-center gap-2 text-xs text-muted-foreground">
        {placeholder(letters)}
        <span>Image from {host} unavailable (unreachable, or not an allowed image host)</span>
      </span>
    );
  }
  return (
    // Arbitrary hosts of the service's data: next/image would need each host configured.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={url}
      alt={`Image from ${host}`}
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      onError={() => setState('failed')}
      className="shrink-0 rounded bg-muted object-cover"
    />
  );
}

/** Up to two initials, for the placeholder. */
function initials(label: string): string {
  return label
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
}
