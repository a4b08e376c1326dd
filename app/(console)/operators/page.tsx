import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { FilterBar } from '@/components/data-table/filters/filter-bar';
import { OPERATORS_TABLE, OperatorsTable } from '@/components/operators/operators-table';
import { ParamIssues } from '@/components/param-issues';
import { Button } from '@/components/ui/button';
import { configuredRoleSettings } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { readOperatorsPage } from '@/lib/operators/data';
import { parseOperatorsPageParams } from '@/lib/operators/search-params';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Operators' };

/** Every operator who signed in: their console role and where it comes from, their activity and open sessions. */
export default async function OperatorsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminSession();
  const { q, role, page, table, issues } = parseOperatorsPageParams(await searchParams, OPERATORS_TABLE);
  const { rows, total } = await readOperatorsPage({
    q,
    role,
    sort: table.sort,
    offset: (page - 1) * table.size,
    limit: table.size,
  });
  const source = configuredRoleSettings().source;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Operators</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">
          {source === 'database'
            ? 'Roles are kept in the console database and changed here by ops; CONSOLE_ROLES grants a role at first sign-in to whom it lists.'
            : 'CONSOLE_ROLE_SOURCE=setting: CONSOLE_ROLES decides the role of everyone it lists; the others are changed here by ops.'}{' '}
          A change applies to the operator&apos;s next request on every console.
        </p>
      </div>
      <ParamIssues issues={issues} />
      <FilterBar
        action="/operators"
        label="Operator filters"
        filters={OPERATORS_TABLE.filters}
        searchHint={OPERATORS_TABLE.searchHint}
        values={{ q, role }}
        keep={table.kept}
      >
        <Button asChild variant="ghost" size="sm">
          <Link href="/operators">Clear</Link>
        </Button>
      </FilterBar>
      <OperatorsTable
        rows={rows}
        page={page}
        table={table}
        total={total}
        empty={
          q || role ? <p>No operator matches these filters.</p> : <p>No operator has signed in to this console yet.</p>
        }
      />
    </div>
  );
}
