import { CopyIdButton } from './copy-id-button';

/** An id cut to a column's width with an ellipsis (app/globals.css). */
export const TRUNCATED_ID_CLASS = 'truncated-id';

/**
 * An id in a table with a button copying it. The wrapper and the button's icon are CSS utilities
 * (app/globals.css): a list repeats them per row.
 */
export function CopyableId({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <span className="copyable-id">
      {children}
      <CopyIdButton id={id} />
    </span>
  );
}
