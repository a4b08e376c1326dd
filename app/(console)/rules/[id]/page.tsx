import type { Metadata } from 'next';
import { SectionCard } from '@/components/section-card';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { Link } from '@/components/link';
import { STATUS_VARIANT } from '@/components/incidents/incidents-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { EndSilenceButton, RuleCommands, SilenceForm } from '@/components/watch/rule-commands';
import { RuleChartIsland } from '@/components/watch/rule-chart-island';
import { STATE_VARIANT } from '@/components/watch/rules-table';
import {
  acknowledgeWatchRuleAction,
  endWatchSilenceAction,
  silenceWatchRuleAction,
  updateWatchRuleAction,
} from '@/lib/actions/watch';
import { permissionsFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { readNames } from '@/lib/entities/names';
import { incidentHref } from '@/lib/incidents/paths';
import { namesOrIds, scopeNameRequest } from '@/lib/incidents/types';
import { SEVERITY_LABELS, type IncidentStatus } from '@/lib/incidents/values';
import { requestTime } from '@/lib/request-time';
import { formatUtc } from '@/lib/time';
import { CHART_HOURS, readRule } from '@/lib/watch/data';
import { describeCondition, describeRecovery, describeTarget } from '@/lib/watch/describe';
import { editRuleHref, RULES_HREF } from '@/lib/watch/paths';
import { watchIntervalSeconds } from '@/lib/watch/settings';
import { silenceActive } from '@/lib/watch/types';

export const metadata: Metadata = { title: 'Watch rule' };

export default async function RulePage({ params }: { params: Promise<{ id: string }> }) {
  const { operator, upstream } = await requireAdminSession();
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const now = requestTime();
  const read = await readRule(id, now);
  if (!read) notFound();
  const { rule, view, evaluations, transitions, silences, incidents } = read;
  const nameOf =
    rule.target.kind === 'stuck'
      ? namesOrIds(await readNames(upstream, scopeNameRequest([rule.target.scope])))
      : undefined;
  const can = permissionsFor(operator.role, {
    edit: updateWatchRuleAction,
    acknowledge: acknowledgeWatchRuleAction,
    silence: silenceWatchRuleAction,
    endSilence: endWatchSilenceAction,
  });
  const activeSilence = silences.find((silence) => silenceActive(silence, new Date(now))) ?? null;
  const suppressed = transitions.filter((change) => change.silenced);
  const unknown = evaluations.filter((evaluation) => evaluation.count === null).length;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <p className="text-sm text-muted-foreground">
          <Link className="underline" href={RULES_HREF}>
            Watch rules
          </Link>
        </p>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-2xl font-semibold tracking-tight" data-testid="rule-name">
            {rule.name}
          </h1>
          <Button asChild size="sm" variant="outline">
            <Link href={editRuleHref(rule.id)}>Edit</Link>
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant={rule.enabled ? STATE_VARIANT[rule.state] : 'secondary'} data-testid="rule-state">
            {rule.enabled ? rule.state : 'disabled'}
          </Badge>
          <span className="text-muted-foreground" data-testid="rule-state-since">
            since {formatUtc(rule.stateSince)}
          </span>
          {activeSilence ? (
            <Badge variant="outline" data-testid="rule-silenced">
              silenced until {formatUtc(activeSilence.until)}
            </Badge>
          ) : null}
          {rule.acknowledged ? (
            <Badge variant="outline" data-testid="rule-acknowledged">
              acknowledged by {rule.acknowledged.by} at {formatUtc(rule.acknowledged.at)}
            </Badge>
          ) : null}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Counts</dt>
          <dd
            data-testid="rule-target"
            // A stuck target names its workspaces and channels; their ids on hover.
            title={rule.target.kind === 'stuck' ? describeTarget(rule.target) : undefined}
          >
            {view ? (
              <Link className="underline" href={view.href}>
                {describeTarget(rule.target, view.name)}
              </Link>
            ) : (
              describeTarget(rule.target, null, nameOf)
            )}
          </dd>
          <dt className="text-muted-foreground">Fires when</dt>
          <dd data-testid="rule-condition">
            {describeCondition(rule.condition)}; {describeRecovery(rule.condition, rule.recoveryMargin)}
          </dd>
          <dt className="text-muted-foreground">Last count</dt>
          <dd data-testid="rule-last-count">
            {rule.lastError
              ? `unknown (${rule.lastError})`
              : rule.lastCount === null
                ? 'not evaluated yet'
                : rule.lastCount.toLocaleString('en-US')}
          </dd>
          <dt className="text-muted-foreground">When it fires</dt>
          <dd>
            {rule.incidentSeverity
              ? `opens a ${SEVERITY_LABELS[rule.incidentSeverity]} incident`
              : 'records a notification only'}
          </dd>
          <dt className="text-muted-foreground">Owner</dt>
          <dd>{rule.ownerEmail}</dd>
        </dl>
      </div>

      <RuleCommands
        ruleId={rule.id}
        ruleName={rule.name}
        firing={rule.state === 'firing'}
        acknowledged={rule.acknowledged !== null}
        enabled={rule.enabled}
        permission={can.acknowledge}
      />

      <SectionCard title={`Count over the last ${CHART_HOURS} hours`} testId="rule-chart">
        {evaluations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No evaluation yet.</p>
        ) : (
          <>
            <RuleChartIsland
              points={evaluations.map((evaluation) => ({ at: evaluation.slot.getTime(), count: evaluation.count }))}
              intervalMs={watchIntervalSeconds() * 1000}
              line={rule.condition.kind === 'above' ? rule.condition.count : null}
              changes={transitions
                .filter((change) => change.slot >= evaluations[0]!.slot)
                .map((change) => ({ at: change.slot.getTime(), to: change.to }))}
              height={200}
            />
            <p className="text-xs text-muted-foreground" data-testid="rule-chart-summary">
              {evaluations.length} evaluations
              {unknown > 0 ? `, ${unknown} unknown (shown as gaps: the read failed)` : ''}; a gap is also where no
              console evaluated; the dashed lines are the rule&apos;s line and its state changes.
            </p>
          </>
        )}
      </SectionCard>

      <SectionCard title="State changes" testId="rule-history">
        {suppressed.length > 0 ? (
          <p className="text-sm" data-testid="rule-suppressed">
            A silence kept {suppressed.length} change{suppressed.length === 1 ? '' : 's'} from being notified (marked
            below).
          </p>
        ) : null}
        <Table>
          <TableCaption className="sr-only">The rule&apos;s state changes, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>From</TableHead>
              <TableHead>To</TableHead>
              <TableHead>Count</TableHead>
              <TableHead>Notified</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {transitions.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="text-muted-foreground">
                  No state change yet.
                </TableCell>
              </TableRow>
            ) : (
              transitions.map((change) => (
                <TableRow key={change.id} data-testid="rule-transition" data-to={change.to}>
                  <TableCell className="font-mono text-xs whitespace-nowrap">{formatUtc(change.at)}</TableCell>
                  <TableCell>{change.from}</TableCell>
                  <TableCell>{change.to}</TableCell>
                  <TableCell className="tabular-nums">{change.count.toLocaleString('en-US')}</TableCell>
                  <TableCell>
                    {change.to !== 'firing' && change.to !== 'resolved'
                      ? '—'
                      : change.silenced
                        ? 'no: silenced'
                        : 'yes'}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </SectionCard>

      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title="Silences" testId="rule-silences">
          <SilenceForm ruleId={rule.id} permission={can.silence} />
          {silences.length === 0 ? (
            <p className="text-sm text-muted-foreground">Never silenced.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {silences.map((silence) => (
                <li key={silence.id} className="flex flex-wrap items-center gap-2" data-testid="rule-silence">
                  <span>
                    {silence.authorEmail}: “{silence.reason}”, {formatUtc(silence.startsAt)} to{' '}
                    {formatUtc(silence.endedAt ?? silence.until)}
                    {silence.endedAt ? ` (ended early by ${silence.endedByEmail ?? 'someone'})` : ''}
                  </span>
                  {silenceActive(silence, new Date(now)) ? (
                    <EndSilenceButton silenceId={silence.id} permission={can.endSilence} />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
        <SectionCard title="Incidents it opened" testId="rule-incidents">
          {incidents.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {incidents.map((link) => (
                <li key={link.incidentId} className="flex flex-wrap items-center gap-2">
                  {link.title ? (
                    <Link className="underline" href={incidentHref(link.incidentId)} data-testid="rule-incident-link">
                      {link.title}
                    </Link>
                  ) : (
                    <span className="text-muted-foreground">an incident not opened (see the log)</span>
                  )}
                  {link.status ? (
                    <Badge variant={STATUS_VARIANT[link.status as IncidentStatus]}>{link.status}</Badge>
                  ) : null}
                  <span className="text-xs text-muted-foreground">fired {formatUtc(link.episodeSlot)}</span>
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </div>
    </div>
  );
}
