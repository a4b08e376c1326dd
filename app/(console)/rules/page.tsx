import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { RulesTable, type RuleListItem } from '@/components/watch/rules-table';
import { Button } from '@/components/ui/button';
import { requireAdminSession } from '@/lib/auth/session';
import { readNames } from '@/lib/entities/names';
import { namesOrIds, scopeNameRequest } from '@/lib/incidents/types';
import { requestTime } from '@/lib/request-time';
import { readRulesPage } from '@/lib/watch/data';
import { describeCondition, describeTarget } from '@/lib/watch/describe';
import { newRuleHref } from '@/lib/watch/paths';
import { watchIntervalSeconds } from '@/lib/watch/settings';

export const metadata: Metadata = { title: 'Watch rules' };

export default async function RulesPage() {
  const { upstream } = await requireAdminSession();
  const rows = await readRulesPage(requestTime());
  const stuckScopes = rows.flatMap(({ rule }) => (rule.target.kind === 'stuck' ? [rule.target.scope] : []));
  const nameOf = namesOrIds(await readNames(upstream, scopeNameRequest(stuckScopes)));
  const items: RuleListItem[] = rows.map(({ rule, silence, viewName }) => ({
    id: rule.id,
    name: rule.name,
    state: rule.state,
    enabled: rule.enabled,
    condition: describeCondition(rule.condition),
    target: describeTarget(rule.target, viewName, nameOf),
    lastCount: rule.lastCount,
    lastError: rule.lastError,
    stateSince: rule.stateSince,
    silencedUntil: silence?.until ?? null,
    acknowledgedBy: rule.acknowledged?.by ?? null,
  }));
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Watch rules</h1>
        <Button asChild size="sm">
          <Link href={newRuleHref()}>New rule</Link>
        </Button>
      </div>
      <p className="max-w-3xl text-sm text-muted-foreground">
        Each enabled rule counts what it watches every {watchIntervalSeconds()} seconds: pending while its condition
        holds for less than its duration, firing once it has held that long, resolved once the count is back past its
        recovery margin. A read that fails is an unknown evaluation and changes nothing.
      </p>
      <RulesTable rows={items} />
    </div>
  );
}
