import { revealInvisible } from '@/lib/visible-text';

/**
 * Text with its invisible characters shown as markers (see lib/visible-text). Text without any
 * is the string itself, with no fragment around it: tables render this in most cells.
 */
export function VisibleText({ text }: { text: string }) {
  const parts = revealInvisible(text);
  if (parts.length === 1 && 'text' in parts[0]!) return parts[0].text;
  return (
    <>
      {parts.map((part, index) =>
        'text' in part ? (
          part.text
        ) : (
          <abbr
            key={index}
            title={`Invisible character ${part.codePoint}`}
            className="mx-px rounded border border-warning/60 bg-warning/15 px-0.5 font-mono text-[10px] text-foreground no-underline"
          >
            {part.codePoint}
          </abbr>
        ),
      )}
    </>
  );
}
