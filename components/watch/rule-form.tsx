'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { createWatchRule, updateWatchRule } from '@/app/(console)/_actions/watch';
import { callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { ScopeFields, scopeFromForm } from '@/components/incidents/scope-fields';
import { SeveritySelect } from '@/components/incidents/severity-select';
import { RefusalNote } from '@/components/refusal-note';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import type { ActionError } from '@/lib/actions/guard/define';
import type { ActionPermission } from '@/lib/auth/roles';
import type { WatchRule } from '@/lib/watch/types';
import { ruleHref } from '@/lib/watch/paths';

type ConditionKind = WatchRule['condition']['kind'];
/** What the form edits: a rule's settings, or a new rule's defaults with its target prefilled. */
export type RuleFormValues = Pick<
  WatchRule,
  'name' | 'target' | 'condition' | 'recoveryMargin' | 'incidentSeverity' | 'enabled'
>;

const CONDITION_LABELS: Record<ConditionKind, string> = {
  above: 'Above a count for some minutes',
  rise: 'Rises by more than a percentage against the same hour yesterday',
  any: 'Any row at all',
};

const number = (form: FormData, name: string) => Number(String(form.get(name) ?? '').trim() || 'NaN');

function conditionFromForm(kind: ConditionKind, form: FormData) {
  if (kind === 'above') return { kind, count: number(form, 'count'), forMinutes: number(form, 'forMinutes') };
  if (kind === 'rise') return { kind, percent: number(form, 'percent') };
  return { kind };
}

/** A saved view the operator may watch, as the form lists it. */
export interface WatchableView {
  id: string;
  name: string;
  table: string;
}

const EMPTY_SCOPE = { workspaces: [], channels: [], statuses: [] };

/** Makes a rule, or edits one (`ruleId`); the target is a stuck count in a scope or a saved view's count. */
export function RuleForm({
  ruleId,
  initial,
  statuses,
  views,
  permission,
}: {
  ruleId?: string;
  initial: RuleFormValues;
  statuses: readonly string[];
  views: readonly WatchableView[];
  permission: ActionPermission;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  const [kind, setKind] = useState<ConditionKind>(initial.condition.kind);
  const [targetKind, setTargetKind] = useState<'stuck' | 'view'>(initial.target.kind);
  const [opensIncident, setOpensIncident] = useState(initial.incidentSeverity !== null);
  const above = initial.condition.kind === 'above' ? initial.condition : { count: 5, forMinutes: 5 };
  const rise = initial.condition.kind === 'rise' ? initial.condition : { percent: 50 };

  const submit = (form: FormData) =>
    startTransition(async () => {
      setError(null);
      const input = {
        name: String(form.get('name') ?? ''),
        target:
          targetKind === 'view'
            ? { kind: 'view', viewId: String(form.get('viewId') ?? '') }
            : { kind: 'stuck', scope: scopeFromForm(form) },
        condition: conditionFromForm(kind, form),
        recoveryMargin: kind === 'any' ? 0 : number(form, 'recoveryMargin'),
        incidentSeverity: opensIncident ? String(form.get('severity') ?? '') : null,
        enabled: form.get('enabled') === 'on',
      };
      const result = await callAction(() => (ruleId ? updateWatchRule({ ...input, ruleId }) : createWatchRule(input)));
      if (result.ok) router.push(ruleHref(result.data.ruleId));
      else setError(result.error);
    });

  return (
    <form action={submit} className="max-w-2xl space-y-4" aria-label={ruleId ? 'Edit the rule' : 'Make a rule'}>
      <div className="space-y-1">
        <Label htmlFor="rule-name">Name</Label>
        <Input
          id="rule-name"
          name="name"
          required
          maxLength={120}
          defaultValue={initial.name}
          placeholder="Processing backlog"
          className="w-full"
        />
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Counts</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-1">
            <input
              type="radio"
              name="targetKind"
              checked={targetKind === 'stuck'}
              onChange={() => setTargetKind('stuck')}
            />
            Stuck messages in a scope
          </label>
          <label className="flex items-center gap-1">
            <input
              type="radio"
              name="targetKind"
              checked={targetKind === 'view'}
              onChange={() => setTargetKind('view')}
            />
            A saved view&apos;s rows
          </label>
        </div>
      </fieldset>
      {targetKind === 'stuck' ? (
        <ScopeFields
          idPrefix="rule"
          legend="The messages stuck in (empty: every non-terminal status of the whole service)"
          initialScope={initial.target.kind === 'stuck' ? initial.target.scope : EMPTY_SCOPE}
          statuses={statuses}
        />
      ) : (
        <div className="space-y-1">
          <Label htmlFor="rule-view">Saved view</Label>
          <NativeSelect
            id="rule-view"
            name="viewId"
            required
            defaultValue={initial.target.kind === 'view' ? initial.target.viewId : ''}
            className="w-full"
          >
            <option value="" disabled>
              {views.length === 0 ? 'No saved view yet: save one from a table' : 'Choose a view'}
            </option>
            {views.map((view) => (
              <option key={view.id} value={view.id}>
                {view.name} ({view.table})
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <fieldset className="space-y-3 rounded-md border p-4">
        <legend className="px-1 text-sm font-medium">Fires when the count</legend>
        <div className="space-y-1">
          <Label htmlFor="rule-condition">Condition</Label>
          <NativeSelect
            id="rule-condition"
            value={kind}
            onChange={(event) => setKind(event.target.value as ConditionKind)}
            className="w-full"
          >
            {(Object.keys(CONDITION_LABELS) as ConditionKind[]).map((each) => (
              <option key={each} value={each}>
                {CONDITION_LABELS[each]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {kind === 'above' ? (
          <div className="flex flex-wrap gap-4">
            <div className="space-y-1">
              <Label htmlFor="rule-count">Above (messages)</Label>
              <Input
                id="rule-count"
                name="count"
                type="number"
                min={0}
                required
                defaultValue={above.count}
                className="w-32"
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor="rule-for">For (minutes; 0: at once)</Label>
              <Input
                id="rule-for"
                name="forMinutes"
                type="number"
                min={0}
                max={1440}
                required
                defaultValue={above.forMinutes}
                className="w-32"
              />
            </div>
          </div>
        ) : kind === 'rise' ? (
          <div className="space-y-1">
            <Label htmlFor="rule-percent">By more than (%)</Label>
            <Input
              id="rule-percent"
              name="percent"
              type="number"
              min={1}
              required
              defaultValue={rise.percent}
              className="w-32"
            />
          </div>
        ) : null}
        {kind === 'any' ? null : (
          <div className="space-y-1">
            <Label htmlFor="rule-margin">
              Recovery margin ({kind === 'rise' ? 'points' : 'messages'} back below the line before it resolves)
            </Label>
            <Input
              id="rule-margin"
              name="recoveryMargin"
              type="number"
              min={0}
              defaultValue={initial.recoveryMargin}
              className="w-32"
            />
          </div>
        )}
      </fieldset>
      <fieldset className="space-y-3 rounded-md border p-4">
        <legend className="px-1 text-sm font-medium">When it fires</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={opensIncident} onChange={(event) => setOpensIncident(event.target.checked)} />
          Open an incident (one per firing; noted when the rule resolves)
        </label>
        {opensIncident ? (
          <div className="space-y-1">
            <Label htmlFor="rule-severity">Incident severity</Label>
            <SeveritySelect id="rule-severity" defaultValue={initial.incidentSeverity ?? 'sev3'} />
          </div>
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="enabled" defaultChecked={initial.enabled} />
          Enabled (evaluated every interval)
        </label>
      </fieldset>
      <ActionErrorAlert error={error} testId="rule-action-error" />
      <div className="flex items-center gap-3">
        <Button
          type="submit"
          disabled={pending || !permission.allowed}
          aria-describedby={permission.allowed ? undefined : 'rule-form-refused'}
        >
          {pending ? 'Saving…' : ruleId ? 'Save the rule' : 'Make the rule'}
        </Button>
        <RefusalNote id="rule-form-refused" permission={permission} />
      </div>
    </form>
  );
}
