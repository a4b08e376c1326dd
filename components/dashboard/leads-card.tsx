import { Link } from '@/components/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { APPROVALS_HREF } from '@/lib/approvals/nav';
import type { DashboardLeads } from '@/lib/dashboard/data';
import { incidentHref } from '@/lib/incidents/paths';
import { formatAge } from '@/lib/triage/stuck-rules';
import { ruleHref, RULES_HREF } from '@/lib/watch/paths';
import { STATE_VARIANT } from '@/components/watch/rules-table';

/**
 * What an operator must see first: the watch rules firing or pending, the incidents not yet
 * resolved, most severe first, and the
 * approvals that wait for this operator's decision, each linked to its page.
 */
export function LeadsCard({ leads, now }: { leads: DashboardLeads | null; now: number }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3" data-testid="dashboard-leads">
      <Card data-testid="dashboard-rules">
        <CardHeader>
          <CardTitle className="text-base">
            <h2>
              <Link className="hover:underline" href={RULES_HREF}>
                Firing and pending rules
              </Link>
            </h2>
          </CardTitle>
          <CardDescription>Watch rules whose condition holds, firing first.</CardDescription>
        </CardHeader>
        <CardContent>
          {leads === null ? (
            <p className="text-sm text-muted-foreground">The console database did not answer; reload to try again.</p>
          ) : leads.rules.length === 0 ? (
            <p className="text-sm text-muted-foreground">No rule is firing or pending.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {leads.rules.map((rule) => (
                <li key={rule.id} className="space-y-0.5" data-testid="dashboard-rule">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={STATE_VARIANT[rule.state]}>{rule.state}</Badge>
                    <Link className="font-medium underline" href={ruleHref(rule.id)}>
                      {rule.name}
                    </Link>
                  </div>
                  <div className="text-xs text-muted-foreground">
                    {rule.condition}
                    {rule.lastCount === null ? '' : ` · now ${rule.lastCount.toLocaleString('en-US')}`} · for{' '}
                    {formatAge(now - rule.since.getTime())}
                    {rule.acknowledgedBy ? ` · acknowledged by ${rule.acknowledgedBy}` : ''}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card data-testid="dashboard-incidents">
        <CardHeader>
          <CardTitle className="text-base">
            <h2>
              <Link className="hover:underline" href="/incidents">
                Open incidents
              </Link>
            </h2>
          </CardTitle>
          <CardDescription>Not yet resolved, most severe first.</CardDescription>
        </CardHeader>
        <CardContent>
          {leads === null ? (
            <p className="text-sm text-muted-foreground">The console database did not answer; reload to try again.</p>
          ) : leads.incidents.length === 0 ? (
            <p className="text-sm text-muted-foreground">No open incident.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {leads.incidents.map((incident) => (
                <li key={incident.id} className="flex flex-wrap items-center gap-2" data-testid="dashboard-incident">
                  <Badge
                    variant={incident.severity === 'sev1' || incident.severity === 'sev2' ? 'destructive' : 'warning'}
                  >
                    {incident.severity.toUpperCase()}
                  </Badge>
                  <Link className="font-medium underline" href={incidentHref(incident.id)}>
                    {incident.title}
                  </Link>
                  <span className="text-muted-foreground">
                    {incident.status} · opened {formatAge(now - incident.openedAt.getTime())} ago
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card data-testid="dashboard-approvals">
        <CardHeader>
          <CardTitle className="text-base">
            <h2>
              <Link className="hover:underline" href={APPROVALS_HREF}>
                Approvals waiting for you
              </Link>
            </h2>
          </CardTitle>
          <CardDescription>Requests of other operators that need your decision, oldest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {leads === null ? (
            <p className="text-sm text-muted-foreground">The console database did not answer; reload to try again.</p>
          ) : leads.approvals.length === 0 ? (
            <p className="text-sm text-muted-foreground">No approval waits for you.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {leads.approvals.map((approval) => (
                <li key={approval.id} className="space-y-0.5" data-testid="dashboard-approval">
                  <Link className="font-medium underline" href={`${APPROVALS_HREF}/${encodeURIComponent(approval.id)}`}>
                    {approval.title}
                  </Link>
                  <div className="text-xs text-muted-foreground">
                    {approval.action} · asked by {approval.requestedBy} {formatAge(now - approval.createdAt.getTime())}{' '}
                    ago
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
