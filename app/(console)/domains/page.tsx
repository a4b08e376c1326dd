import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { DomainsTable } from '@/components/domains/domains-table';
import { ServiceFailure } from '@/components/entities/service-failure';
import { ParamIssues } from '@/components/param-issues';
import { createDomainAction, deleteDomainAction } from '@/lib/actions/domains';
import { approvalGateFor } from '@/lib/approvals/gate';
import { permissionFor } from '@/lib/auth/roles';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { readDomainPage } from '@/lib/domains/data';
import { listPageState, parseListParams } from '@/lib/entities/list-params';
import { listQueryString, reachablePageCount } from '@/lib/entities/list-state';
import { declaredEntityView } from '@/lib/entities/registry';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Domains' };

/** Domains with their workspaces, and (ops) their creation, edit and deletion. */
export default async function DomainsPage({ searchParams }: { searchParams: SearchParams }) {
  const { operator, upstream } = await requireAdminSession();
  const view = declaredEntityView('domains');
  const raw = await searchParams;
  const { state, issues } = parseListParams(view, raw);
  const read = await readFromService(readDomainPage(upstream, view, state));
  if (!read.ok) return <ServiceFailure title="Domains" failure={read.failure} retryHref="/domains" />;
  const { rows, total } = read.data;
  const deleteApproval = await approvalGateFor(operator, deleteDomainAction, {});
  const list = listPageState(view, state);
  const pageCount = reachablePageCount(total, state.size);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Domains</h1>
      <ParamIssues issues={issues} />
      <DomainsTable
        {...list}
        rows={rows}
        total={total}
        deleteApproval={deleteApproval}
        write={permissionFor(operator.role, createDomainAction)}
        empty={
          total > 0 ? (
            <p>
              Page {state.page} is past the last page.{' '}
              <Link
                className="text-primary underline"
                href={`/domains${listQueryString(view, { ...state, page: pageCount })}`}
              >
                Go to the last page
              </Link>
            </p>
          ) : list.active.length > 0 ? (
            <p>No domains match these filters.</p>
          ) : (
            <p>There are no domains at the service yet.</p>
          )
        }
      />
    </div>
  );
}
