import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { Link } from '@/components/link';
import { RuleForm } from '@/components/watch/rule-form';
import { updateWatchRuleAction } from '@/lib/actions/watch';
import { permissionFor } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { requestTime } from '@/lib/request-time';
import { WATCHABLE_STATUSES } from '@/lib/triage/stuck-rules';
import { readRule, readWatchableViews } from '@/lib/watch/data';
import { ruleHref } from '@/lib/watch/paths';

export const metadata: Metadata = { title: 'Edit watch rule' };

export default async function EditRulePage({ params }: { params: Promise<{ id: string }> }) {
  const { operator } = await requireAdminSession();
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const [read, views] = await Promise.all([readRule(id, requestTime()), readWatchableViews(operator)]);
  if (!read) notFound();
  const { rule } = read;
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted-foreground">
        <Link className="underline" href={ruleHref(rule.id)}>
          {rule.name}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold tracking-tight">Edit “{rule.name}”</h1>
      <p className="max-w-2xl text-sm text-muted-foreground">
        A changed target or condition starts the rule over from ok.
      </p>
      <RuleForm
        ruleId={rule.id}
        initial={{
          name: rule.name,
          target: rule.target,
          condition: rule.condition,
          recoveryMargin: rule.recoveryMargin,
          incidentSeverity: rule.incidentSeverity,
          enabled: rule.enabled,
        }}
        statuses={WATCHABLE_STATUSES}
        views={views}
        permission={permissionFor(operator.role, updateWatchRuleAction)}
      />
    </div>
  );
}
