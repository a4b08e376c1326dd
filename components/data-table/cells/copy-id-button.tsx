'use client';

import { useState } from 'react';

/**
 * Copies an id and marks itself copied for a moment (or says it failed: the clipboard needs a
 * secure context). Its icon is the `copy-id-button` utility (app/globals.css).
 */
export function CopyIdButton({ id }: { id: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    navigator.clipboard.writeText(id).then(
      () => setState('copied'),
      () => setState('failed'),
    );
    setTimeout(() => setState('idle'), 2_000);
  };
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy ${id}`}
      title={state === 'failed' ? 'Copy failed: select the text instead' : 'Copy'}
      data-copied={state === 'copied' ? '' : undefined}
      className="copy-id-button"
    />
  );
}
