import { revealInvisible } from '@/lib/visible-text';

/** Text with its invisible characters shown as markers (see lib/visible-text). */
export function VisibleText({ text }: { text: string }) {
  return (
    <>
      {revealInvisible(text).map((part, index) =>
        'text' in part ? (
          part.text
        ) : (
          <abbr key={index} title={`Invisible character ${part.codePoint}`} className="mx-px rounded border border-warning/60 bg-warning/15 px-0.5 font-mono text-[10px] text-foreground no-underline">
            {part.codePoint}
          </abbr>
        ),
      )}
    </>
  );
}
