'use client';

import { useEffect, useRef, useState } from 'react';
import { safeHttpUrl } from '@/lib/safe-url';

/** Up to two initials from the name, else the e-mail's first letter. */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 0
      ? words.slice(0, 2).map((word) => Array.from(word)[0] ?? '')
      : [Array.from(email.trim())[0] ?? '?'];
  return letters.join('').toUpperCase();
}

/**
 * The user's picture when its URL is safe and loads; otherwise (unsafe URL, 404, blocked by the
 * content policy) their initials, so a broken image never shows.
 */
export function UserAvatar({
  imageUrl,
  name,
  email,
}: {
  imageUrl: string | null | undefined;
  name: string;
  email: string;
}) {
  const src = safeHttpUrl(imageUrl);
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event with no listener: look once.
  useEffect(() => {
    const element = image.current;
    if (element && element.complete && element.naturalWidth === 0) setBroken(true);
  }, [src]);
  const initials = initialsOf(name, email);
  if (!src || broken) {
    return (
      <span
        aria-hidden
        className="flex size-14 shrink-0 items-center justify-center rounded-full bg-muted text-lg font-semibold text-foreground"
        data-testid="avatar-initials"
      >
        {initials}
      </span>
    );
  }
  return (
    // A plain img: the service's hosts are not known to next/image, and a failure must fall back.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      ref={image}
      src={src}
      alt=""
      referrerPolicy="no-referrer"
      className="size-14 shrink-0 rounded-full object-cover"
      onError={() => setBroken(true)}
      data-testid="avatar-image"
    />
  );
}
