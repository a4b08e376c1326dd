'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { openIncident } from '@/app/(console)/_actions/incidents';
import { callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { ScopeFields, scopeFromForm } from '@/components/incidents/scope-fields';
import { SeveritySelect } from '@/components/incidents/severity-select';
import { RefusalNote } from '@/components/refusal-note';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ActionError } from '@/lib/actions/guard/define';
import type { ActionPermission } from '@/lib/auth/roles';
import type { IncidentScope } from '@/lib/incidents/types';
import type { IncidentSeverity } from '@/lib/incidents/values';

/** Opens an incident; the scope comes prefilled from the stuck view it was opened from. */
export function OpenIncidentForm({
  initialScope,
  statuses,
  permission,
}: {
  initialScope: IncidentScope;
  statuses: readonly string[];
  permission: ActionPermission;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);

  const submit = (form: FormData) =>
    startTransition(async () => {
      setError(null);
      const result = await callAction(() =>
        openIncident({
          title: String(form.get('title') ?? ''),
          severity: String(form.get('severity') ?? '') as IncidentSeverity,
          scope: scopeFromForm(form),
        }),
      );
      if (result.ok) router.push(`/incidents/${result.data.incidentId}`);
      else setError(result.error);
    });

  return (
    <form action={submit} className="max-w-2xl space-y-4" aria-label="Open an incident">
      <div className="space-y-1">
        <Label htmlFor="incident-title">Title</Label>
        <Input
          id="incident-title"
          name="title"
          required
          maxLength={200}
          placeholder="Messages stuck in processing for workspace Acme"
          className="w-full"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="incident-severity">Severity</Label>
        <SeveritySelect id="incident-severity" defaultValue="sev2" />
      </div>
      <ScopeFields
        idPrefix="incident"
        legend="Scope (optional: empty is the whole service)"
        initialScope={initialScope}
        statuses={statuses}
      />
      <ActionErrorAlert error={error} testId="incident-action-error" />
      <div className="flex items-center gap-3">
        <Button
          type="submit"
          disabled={pending || !permission.allowed}
          aria-describedby={permission.allowed ? undefined : 'open-incident-refused'}
        >
          {pending ? 'Opening…' : 'Open incident'}
        </Button>
        <RefusalNote id="open-incident-refused" permission={permission} />
      </div>
    </form>
  );
}
