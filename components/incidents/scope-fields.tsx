/**
 * A scope's fields (workspaces, channels, statuses, stuck threshold) and their reading back from
 * the form: the incident form's scope and a watch rule's stuck target share them.
 */
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { IncidentScope } from '@/lib/incidents/types';

const ids = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter((id) => id !== '');

/** The scope as the fields below hold it, for the action's input (checked there with zod). */
export function scopeFromForm(form: FormData) {
  const threshold = String(form.get('threshold') ?? '').trim();
  return {
    workspaces: ids(String(form.get('workspaces') ?? '')),
    channels: ids(String(form.get('channels') ?? '')),
    statuses: form.getAll('status').map(String),
    ...(threshold ? { threshold: Number(threshold) } : {}),
  };
}

export function ScopeFields({
  idPrefix,
  legend,
  initialScope,
  statuses,
}: {
  idPrefix: string;
  legend: string;
  initialScope: IncidentScope;
  statuses: readonly string[];
}) {
  return (
    <fieldset className="space-y-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-workspaces`}>Workspace ids (comma-separated)</Label>
        <Input
          id={`${idPrefix}-workspaces`}
          name="workspaces"
          defaultValue={initialScope.workspaces.join(', ')}
          className="w-full"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-channels`}>Channel ids (comma-separated)</Label>
        <Input
          id={`${idPrefix}-channels`}
          name="channels"
          defaultValue={initialScope.channels.join(', ')}
          className="w-full"
        />
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Statuses</legend>
        <div className="flex flex-wrap gap-3 text-sm">
          {statuses.map((status) => (
            <label key={status} className="flex items-center gap-1">
              <input
                type="checkbox"
                name="status"
                value={status}
                defaultChecked={initialScope.statuses.includes(status as never)}
              />
              {status}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-threshold`}>
          Stuck after (minutes without an update; empty: the console&apos;s default)
        </Label>
        <Input
          id={`${idPrefix}-threshold`}
          name="threshold"
          type="number"
          min={1}
          className="w-28"
          defaultValue={initialScope.threshold ?? ''}
        />
      </div>
    </fieldset>
  );
}
