import type { Metadata } from 'next';
import { ViewsTable, type ViewListItem } from '@/components/views/views-table';
import { requireAdminSession } from '@/lib/auth/session';
import { readSavedViews } from '@/lib/views/data';
import { describeViewFilters } from '@/lib/views/describe';
import { viewChanges } from '@/lib/views/store';
import { viewTableById } from '@/lib/views/tables';

export const metadata: Metadata = { title: 'Saved views' };

/** Every saved view the operator may open: their own and the team's, with what each may do to them. */
export default async function ViewsPage() {
  const { operator } = await requireAdminSession();
  const views = await readSavedViews(operator);
  const rows: ViewListItem[] = views.map((view) => {
    const table = viewTableById(view.tableId);
    return {
      id: view.id,
      name: view.name,
      href: view.href,
      table: table?.label ?? view.tableId,
      filter: table ? describeViewFilters(table, view.href) : [],
      owner: view.ownerId === operator.id ? `you (${view.ownerEmail})` : view.ownerEmail,
      shared: view.visibility === 'shared',
      updatedAt: view.updatedAt,
      changes: viewChanges(operator, view),
    };
  });

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Saved views</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">
          A view is a table as it was saved: its filters, order and columns. Yours are private to you; shared views are
          the team&apos;s, and ops rename, share or delete them.
        </p>
      </div>
      {rows.length === 0 ? (
        <div className="max-w-2xl rounded-md border p-6 text-sm" data-testid="views-empty">
          <p className="font-medium">No saved views yet.</p>
          <p className="mt-1 text-muted-foreground">
            Open a table (the stuck queue, the audit log, users, messages…), filter, order and choose its columns, then
            press <span className="font-medium text-foreground">Save view</span> at the end of its filter bar. The view
            appears here and in the sidebar.
          </p>
        </div>
      ) : (
        <ViewsTable rows={rows} />
      )}
    </div>
  );
}
