'use client';

import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Copies the text of another element (by id), so long text is not sent to the browser twice. */
export function CopyButton({ targetId, label }: { targetId: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    const text = document.getElementById(targetId)?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // Clipboard access needs a secure context or a permission the browser may refuse.
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2_000);
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={copy}>
      {state === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text instead' : label}
    </Button>
  );
}
