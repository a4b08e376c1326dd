import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Link } from '@/components/link';
import { AuditEntriesStatic } from '@/components/audit/audit-entries-static';
import { AuditPanel } from '@/components/audit/audit-panel';
import { RequestApproval } from '@/components/approvals/request-approval';
import { Breadcrumb } from '@/components/breadcrumb';
import { EndSessionsForm, RoleChangeForm, type RoleOption } from '@/components/operators/operator-controls';
import { roleOriginText } from '@/components/operators/operators-table';
import { Badge } from '@/components/ui/badge';
import { breakGlassGrantOps } from '@/app/(console)/_actions/operators';
import { endOperatorSessionsAction, ROLE_CHOICES, setOperatorRoleAction } from '@/lib/actions/operators';
import { approvalGateFor } from '@/lib/approvals/gate';
import { readOperatorActions } from '@/lib/audit/data';
import { permissionFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { auditHref } from '@/lib/entities/hrefs';
import { readOperator } from '@/lib/operators/data';
import { formatUtc } from '@/lib/time';

export const metadata: Metadata = { title: 'Operator' };

type PageProps = { params: Promise<{ id: string }> };

const RECENT_ACTIONS = 20;

const ROLE_LABELS: Record<(typeof ROLE_CHOICES)[number], string> = {
  viewer: 'viewer: read only',
  support: 'support: verify users, per-message fixes',
  ops: 'ops: everything, roles included',
  none: 'no role (back to the default, viewer)',
};

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One operator: who they are, their role and where it comes from, their sessions and recent actions; ops change them here. */
export default async function OperatorPage({ params }: PageProps) {
  const { id } = await params;
  const accountId = decodeURIComponent(id);
  const { operator: viewer } = await requireAdminSession();
  const found = await readOperator(accountId);
  if (!found) notFound();
  const { operator, sessions } = found;
  const grantOps = { accountId, role: 'ops' };
  const [gate, actions] = await Promise.all([
    approvalGateFor(viewer, setOperatorRoleAction, grantOps),
    readOperatorActions(accountId, RECENT_ACTIONS),
  ]);
  // With approvals on, ops is granted by request only; an operator who holds it keeps it on the list.
  const options: RoleOption[] = ROLE_CHOICES.filter(
    (choice) => choice !== 'ops' || !gate || operator.role === 'ops',
  ).map((choice) => ({ value: choice, label: ROLE_LABELS[choice] }));
  const current = operator.origin === 'default' ? 'none' : operator.role;
  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <Breadcrumb href="/operators" label="Operators" record={operator.email} />
        <h1 className="text-2xl font-semibold tracking-tight">{operator.name}</h1>
        <dl className="space-y-1 text-sm" data-testid="operator-facts">
          <Fact term="E-mail">{operator.email}</Fact>
          <Fact term="Account id">
            <span className="font-mono text-xs">{operator.accountId}</span>
          </Fact>
          <Fact term="Console role">
            <Badge variant={operator.role === 'ops' ? 'default' : 'secondary'} data-testid="operator-console-role">
              {operator.role}
            </Badge>
          </Fact>
          <Fact term="Role from">{roleOriginText(operator)}</Fact>
          <Fact term="First sign-in">{formatUtc(operator.firstSignInAt)}</Fact>
          <Fact term="Last sign-in">{formatUtc(operator.lastSignInAt)}</Fact>
          <Fact term="Last activity">{formatUtc(operator.lastActivityAt)}</Fact>
        </dl>
      </div>

      <section aria-labelledby="role-heading" className="space-y-3">
        <h2 id="role-heading" className="text-base font-semibold">
          Role
        </h2>
        <RoleChangeForm
          accountId={accountId}
          current={current}
          options={options}
          permission={permissionFor(viewer.role, setOperatorRoleAction)}
        />
        {gate && operator.role !== 'ops' ? (
          <RequestApproval
            action={setOperatorRoleAction.name}
            params={grantOps}
            gate={gate}
            breakGlass={breakGlassGrantOps.bind(null, grantOps)}
            fallbackHref={`/operators/${encodeURIComponent(accountId)}`}
          />
        ) : null}
      </section>

      <section aria-labelledby="sessions-heading" className="space-y-3">
        <h2 id="sessions-heading" className="text-base font-semibold">
          Open sessions ({sessions.length})
        </h2>
        {sessions.length > 0 ? (
          <ul className="space-y-1 text-sm" data-testid="operator-sessions">
            {sessions.map((session) => (
              <li key={session.sessionId}>
                Signed in {formatUtc(session.signedInAt)}, last seen {formatUtc(session.lastSeenAt)}, ends by{' '}
                {formatUtc(session.expiresAt)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No open session.</p>
        )}
        <EndSessionsForm accountId={accountId} permission={permissionFor(viewer.role, endOperatorSessionsAction)} />
      </section>

      <section aria-labelledby="actions-heading" className="space-y-2" data-testid="operator-actions">
        <div className="flex items-center justify-between">
          <h2 id="actions-heading" className="text-base font-semibold">
            Recent actions
          </h2>
          {actions.total > actions.rows.length ? (
            <Link className="text-sm underline" href={auditHref({ operatorId: accountId })}>
              All {actions.total} entries
            </Link>
          ) : null}
        </div>
        <AuditEntriesStatic rows={actions.rows} empty="No action by this operator yet." />
      </section>

      <AuditPanel targetType="operator" targetId={accountId} />
    </div>
  );
}
