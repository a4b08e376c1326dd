import { Bookmark, Users } from 'lucide-react';
import { Link } from '@/components/link';
import { SAVED_VIEWS_HREF } from '@/lib/views/hrefs';
import type { SavedView } from '@/lib/views/types';
import { SIDEBAR_VIEW_LIMIT } from '@/lib/views/values';

/**
 * The sidebar's saved views: the operator's own and the shared ones, newest first, by name, and a
 * link to all of them. `views` holds one more than it lists when there are more; null when they
 * could not be read (the page still renders).
 */
export function SidebarViews({ views }: { views: readonly SavedView[] | null }) {
  const listed = views?.slice(0, SIDEBAR_VIEW_LIMIT) ?? [];
  return (
    <nav aria-labelledby="sidebar-views-heading" className="mt-4 flex flex-col gap-0.5" data-testid="sidebar-views">
      <h2 id="sidebar-views-heading" className="px-2 pb-1 text-xs font-medium text-muted-foreground">
        Views
      </h2>
      {views === null ? (
        <p className="px-2 text-xs text-muted-foreground">Saved views could not be read.</p>
      ) : listed.length === 0 ? (
        <p className="px-2 text-xs text-muted-foreground">None saved yet: use “Save view” above a table.</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {listed.map((view) => {
            const Icon = view.visibility === 'shared' ? Users : Bookmark;
            return (
              <li key={view.id}>
                <Link
                  href={view.href}
                  className="flex items-center gap-2 rounded-md px-2 py-1 text-sm text-muted-foreground hover:bg-accent hover:text-foreground"
                >
                  <Icon className="size-3.5 shrink-0" aria-hidden />
                  <span className="truncate">{view.name}</span>
                  {view.visibility === 'shared' ? <span className="sr-only">(shared)</span> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link
        href={SAVED_VIEWS_HREF}
        className="rounded-md px-2 py-1 text-xs text-muted-foreground underline-offset-2 hover:bg-accent hover:text-foreground hover:underline"
      >
        {views !== null && views.length > SIDEBAR_VIEW_LIMIT ? 'All views…' : 'Manage views'}
      </Link>
    </nav>
  );
}
