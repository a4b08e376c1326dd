/**
 * The list view of any entity, known to the registry or not: one read of one page (the count
 * comes with it in Content-Range), the names of the records it links to (one read per linked
 * entity, in parallel), then the table, rendered here; filters, sorting and paging are small client
 * parts that change the URL.
 */
import { Link } from '@/components/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { Badge } from '@/components/ui/badge';
import { planJobAction } from '@/lib/actions/jobs';
import { permissionFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { BULK_JOB_LISTS } from '@/lib/jobs/types';
import { jobSelectionSchema } from '@/lib/jobs/plan';
import { countEntityOrNull, readEntityList } from '@/lib/entities/data';
import { inferEntity } from '@/lib/entities/infer';
import {
  activeFilters,
  parseListParams,
  toListQuery,
  toUpstreamFilter,
  withoutFilter,
  type ActiveFilter,
  type RawSearchParams,
} from '@/lib/entities/list-params';
import { listQueryString, reachablePageCount, type ListState } from '@/lib/entities/list-state';
import { readNames } from '@/lib/entities/names';
import { entityView, findEntity } from '@/lib/entities/registry';
import { linkedColumnIds } from '@/lib/entities/related';
import type { EntityView } from '@/lib/entities/types';
import { columnVisibility } from '@/lib/tables/columns';
import type { UpstreamClient } from '@/lib/upstream/client';
import { EntityList } from './entity-list';
import { ParamIssues } from '@/components/param-issues';
import { ExportButton } from './export-button';
import { ServiceFailure } from './service-failure';

const number = (value: number) => value.toLocaleString('en-US');

/** The query string as the browser sent it, for the retry link. */
function originalQuery(raw: RawSearchParams): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(raw)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(name, item);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export async function EntityListPage({ name, searchParams }: { name: string; searchParams: RawSearchParams }) {
  const { operator, upstream } = await requireAdminSession();
  const known = findEntity(name);
  // An unknown entity's parameters are read without columns; its columns come from its rows.
  const paramsView: EntityView = known ?? inferEntity(name, []);
  const { state, issues } = parseListParams(paramsView, searchParams);
  const read = await readEntityList(upstream, name, toListQuery(paramsView, state));
  if (!read.ok) {
    if (!known && read.failure.kind === 'not_found') notFound();
    return (
      <ServiceFailure
        title={paramsView.label}
        failure={read.failure}
        retryHref={`/${name}${originalQuery(searchParams)}`}
      />
    );
  }

  const view = known ? entityView(known) : inferEntity(name, read.data.rows);
  const { rows, total } = read.data;
  // The page's creators, workspaces, channels, ... by name: one read per linked entity, together,
  // for the columns on screen only.
  const shown = columnVisibility(view.columns, state.cols);
  const names = await readNames(
    upstream,
    linkedColumnIds({ columns: view.columns.filter((column) => shown[column.id]) }, rows),
  );
  const active = activeFilters(view, state);
  const pageCount = reachablePageCount(total, state.size);
  const bulkKind = BULK_JOB_LISTS[name];
  const bulk = bulkKind
    ? {
        kind: bulkKind,
        all: jobSelectionSchema.parse({ kind: 'filter', filter: toUpstreamFilter(view, state) }),
        permission: permissionFor(operator.role, planJobAction),
      }
    : undefined;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{view.label}</h1>
        {view.known ? null : (
          <Badge
            variant="outline"
            title="The console's registry does not know this entity; its columns are guessed from the records."
          >
            columns inferred
          </Badge>
        )}
        {known?.views?.length ? (
          <nav aria-label={`More ${view.label.toLowerCase()} views`} className="ml-auto flex flex-wrap gap-3 text-sm">
            {known.views.map((related) => (
              <Link
                key={related.href}
                href={related.href}
                className="underline underline-offset-2 hover:text-foreground"
              >
                {related.label}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
      <ParamIssues issues={issues} />
      <EntityList
        view={view}
        state={state}
        active={active}
        rows={rows}
        names={names}
        total={total}
        bulk={bulk}
        empty={
          total > 0 ? (
            <p>
              Page {number(state.page)} is past the last page ({number(pageCount)}).{' '}
              <Link
                className="text-primary underline"
                href={`/${name}${listQueryString(view, { ...state, page: pageCount })}`}
              >
                Go to the last page
              </Link>
            </p>
          ) : active.length === 0 ? (
            <p>There are no {view.label.toLowerCase()} at the service.</p>
          ) : (
            <Suspense
              fallback={
                <p>No {view.label.toLowerCase()} match these filters. Checking which filter emptied the list…</p>
              }
            >
              <EmptyBecause upstream={upstream} view={view} state={state} active={active} />
            </Suspense>
          )
        }
      >
        <ExportButton entity={name} />
      </EntityList>
    </div>
  );
}

/**
 * No rows: counts, in parallel, what each filter would leave if it alone were removed, so the
 * operator sees which filter emptied the list (and gets a link without it).
 */
async function EmptyBecause({
  upstream,
  view,
  state,
  active,
}: {
  upstream: UpstreamClient;
  view: EntityView;
  state: ListState;
  active: ActiveFilter[];
}) {
  const counts = await Promise.all(
    active.map(async (filter) => {
      const without = withoutFilter(state, filter.params);
      const count = await countEntityOrNull(upstream, view.name, toUpstreamFilter(view, without));
      return { filter, count, href: `/${view.name}${listQueryString(view, without)}` };
    }),
  );
  const label = view.label.toLowerCase();
  return (
    <div className="space-y-2 text-left" data-testid="empty-because">
      <p className="font-medium">
        No {label} match{' '}
        {active.map((filter, index) => (
          <span key={filter.params.join()}>
            {index > 0 ? ' and ' : ''}
            {filter.label} = <bdi>“{filter.value}”</bdi>
          </span>
        ))}
        .
      </p>
      <ul className="space-y-1 text-sm text-muted-foreground">
        {counts.map(({ filter, count, href }) => (
          <li key={filter.params.join()}>
            {count === null ? (
              <>Could not check the list without {filter.label}.</>
            ) : count === 0 ? (
              <>Without {filter.label}: still none.</>
            ) : (
              <>
                Without {filter.label}: {number(count)} {label}.{' '}
                <Link className="text-primary underline" href={href}>
                  Remove {filter.label}
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
