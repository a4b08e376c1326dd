'use client';

import { useState } from 'react';
import { VisibleText } from '../visible-text';

/** Whole characters (not UTF-16 halves) so an emoji is never cut in two. */
function firstCharacters(text: string, limit: number): string {
  return Array.from(text).slice(0, limit).join('');
}

/** Text longer than `limit` characters (`length` of them): cut, with a button to see all of it. */
export function ExpandableText({
  text,
  limit,
  length,
  className,
}: {
  text: string;
  limit: number;
  length: number;
  className?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  return (
    <span className={className}>
      <bdi className={expanded ? 'whitespace-pre-wrap' : undefined}>
        <VisibleText text={expanded ? text : `${firstCharacters(text, limit)}…`} />
      </bdi>{' '}
      <button
        type="button"
        className="text-xs font-medium whitespace-nowrap text-primary underline-offset-2 hover:underline"
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? 'Show less' : `Show all (${length.toLocaleString('en-US')} characters)`}
      </button>
    </span>
  );
}
