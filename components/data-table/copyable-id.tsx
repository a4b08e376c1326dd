/** An id cut to a column's width with an ellipsis (app/globals.css). */
export const TRUNCATED_ID_CLASS = 'truncated-id';

/**
 * An id in a table with a button copying it. The button carries no handler of its own (a page
 * holds hundreds): the list around it copies `data-copy` on click (components/data-table/list-scope.tsx).
 * The button and its icon are one CSS utility (app/globals.css): a list repeats them per row.
 */
export function CopyableId({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <span className="copyable-id">
      {children}
      <button type="button" data-copy={id} aria-label={`Copy ${id}`} title="Copy" className="copy-id-button" />
    </span>
  );
}
