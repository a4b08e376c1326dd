import { ActivityBeacon } from '@/components/auth/activity-beacon';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { JumpTo } from '@/components/entities/jump-to';
import { ShortcutHelp } from '@/components/shell/shortcut-help';
import { OperatorRole } from '@/components/operator-role';
import { NAV_ITEMS } from '@/components/shell/nav-items';
import { SidebarNav } from '@/components/shell/sidebar-nav';
import { SidebarViews } from '@/components/shell/sidebar-views';
import { ViewSharingProvider } from '@/components/views/view-sharing';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/shell/skip-link';
import { ThemeToggle } from '@/components/theme-toggle';
import { activityGranularityMs } from '@/lib/auth/background-request';
import { waitingForOperator } from '@/lib/approvals/data';
import { withWaitingCount } from '@/lib/approvals/nav';
import { firingRuleCount } from '@/lib/watch/data';
import { withFiringCount } from '@/lib/watch/nav';
import { requireAdminSession } from '@/lib/auth/session';
import { sessionIdleTimeoutMs } from '@/lib/auth/session-cookie';
import { permissionFor } from '@/lib/auth/roles';
import { saveSharedViewAction } from '@/lib/actions/views';
import { readSidebarViews } from '@/lib/views/data';

/** The last element of <main>: what the first paint waits for. */
const MAIN_CONTENT_END_ID = 'main-content-end';

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const { operator } = await requireAdminSession();
  const [waitingApprovals, views, firingRules] = await Promise.all([
    waitingForOperator(operator),
    readSidebarViews(operator),
    firingRuleCount(),
  ]);
  return (
    <div className="flex min-h-screen">
      <ActivityBeacon intervalMs={activityGranularityMs(sessionIdleTimeoutMs())} />
      <SkipLink />
      <aside className="sticky top-0 flex h-screen w-56 shrink-0 flex-col border-r bg-card px-3 py-4">
        <div className="mb-4 px-2 text-sm font-semibold tracking-tight">Voice ops console</div>
        <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
          <SidebarNav items={withFiringCount(withWaitingCount(NAV_ITEMS, waitingApprovals), firingRules)} />
          <SidebarViews views={views} />
        </div>
        <div className="mt-auto space-y-2 border-t pt-3">
          <div className="px-2 text-xs">
            <div className="truncate font-medium" data-testid="operator-name">
              {operator.name}
            </div>
            <div className="truncate text-muted-foreground" data-testid="operator-email">
              {operator.email}
            </div>
            <OperatorRole role={operator.role} />
          </div>
          <div className="flex items-center justify-between">
            <SignOutButton />
            <ThemeToggle />
          </div>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        {/* Sticky: the jump box stays in reach on a long page. */}
        <header className="sticky top-0 z-30 flex h-14 items-center border-b bg-background/95 px-6 backdrop-blur supports-[backdrop-filter]:bg-background/80">
          <JumpTo />
          <ShortcutHelp />
        </header>
        {/* Hoisted into <head> by React: the browser paints nothing before the end of the main
            content is parsed, so a page's rows are in its first paint even when the parser stops
            part way (it yields on a busy machine) or the HTML arrives in pieces. The target is the
            last element of <main>, not <main> itself: with <main> as the target, Chromium often
            painted the page without its rows first, not waiting for the end of <main> (docs/design.md,
            Streaming). */}
        <link rel="expect" href={`#${MAIN_CONTENT_END_ID}`} blocking="render" />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 scroll-mt-14 p-6 outline-none">
          <ViewSharingProvider permission={permissionFor(operator.role, saveSharedViewAction)}>
            {children}
          </ViewSharingProvider>
          <span id={MAIN_CONTENT_END_ID} hidden />
        </main>
      </div>
    </div>
  );
}
