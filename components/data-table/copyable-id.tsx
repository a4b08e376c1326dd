import { Copy } from 'lucide-react';

/** An id cut to a column's width with an ellipsis (the whole id stays in the text and the title). */
export const TRUNCATED_ID_CLASS = 'inline-block max-w-[7rem] truncate align-bottom';

/**
 * An id in a table with a button copying it. The button carries no handler of its own (a page
 * holds hundreds): the data table copies `data-copy` on click (components/data-table/data-table.tsx).
 */
export function CopyableId({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <span className="inline-flex max-w-full items-center gap-0.5 whitespace-nowrap">
      {children}
      <button type="button" data-copy={id} aria-label={`Copy ${id}`} title="Copy" className="rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground data-[copied]:text-success">
        <Copy className="size-3" aria-hidden />
      </button>
    </span>
  );
}
