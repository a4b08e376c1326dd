'use client';

import { useState } from 'react';
import { VisibleText } from './visible-text';

/** Whole characters (not UTF-16 halves) so an emoji is never cut in two. */
function firstCharacters(text: string, limit: number): string {
  return Array.from(text).slice(0, limit).join('');
}

/**
 * Text from the service, as text, cut at `limit` characters with a button to see all of it.
 * `bdi` isolates right-to-left text from the page around it; invisible direction controls are shown.
 */
export function TruncatedText({ text, limit, className }: { text: string; limit: number; className?: string }) {
  const [expanded, setExpanded] = useState(false);
  // Counting characters costs an array; a string no longer in UTF-16 units is short enough.
  const length = text.length <= limit ? text.length : Array.from(text).length;
  if (length <= limit) {
    return (
      <bdi className={className}>
        <VisibleText text={text} />
      </bdi>
    );
  }
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
