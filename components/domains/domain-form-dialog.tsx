'use client';

import { useActionState, useId, useState } from 'react';
import { createDomain, updateDomain, type DomainTarget, type DomainWriteState } from '@/app/(console)/_actions/domains';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { DialogFrame } from '@/components/dialog-frame';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { domainFieldsSchema } from '@/lib/domains/form';
import { checkHostname } from '@/lib/domains/hostname-check';

export interface DomainFormDialogProps {
  /** Absent: a new domain. */
  editing?: DomainTarget;
  /** Filled in for a new domain (the list's workspace filter). */
  defaultWorkspace?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type FieldErrors = Partial<Record<'domain' | 'workspaceGuid', string>>;

/**
 * Create or edit a domain. The fields are checked by the action's own schema before any call;
 * the stored (punycode) form is shown as the operator types. The server action reads the list again.
 */
export function DomainFormDialog({ editing, defaultWorkspace = '', open, onOpenChange }: DomainFormDialogProps) {
  const ids = useId();
  const [domain, setDomain] = useState(editing?.domain ?? '');
  const [workspaceGuid, setWorkspaceGuid] = useState(editing?.workspaceGuid ?? defaultWorkspace);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [state, submit, pending] = useActionState(async (previous: DomainWriteState, form: FormData) => {
    const result = await callAction(() =>
      editing ? updateDomain(editing, previous, form) : createDomain(previous, form),
    );
    if (result.ok) {
      const stored = result.data?.domain ?? domain;
      announceActionResult(result, editing ? `Domain saved as ${stored}` : `Domain ${stored} created`);
      onOpenChange(false);
    }
    return result;
  }, null);
  const check = domain.trim() === '' ? null : checkHostname(domain);

  // The browser checks the fields with the action's schema first: what it refuses is never sent.
  const precheck = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = domainFieldsSchema.safeParse({ domain, workspaceGuid });
    if (parsed.success) {
      setFieldErrors({});
      return;
    }
    event.preventDefault();
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === 'domain' || key === 'workspaceGuid') && !errors[key]) errors[key] = issue.message;
    }
    setFieldErrors(errors);
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      title={editing ? `Edit ${editing.domain}` : 'Add a domain'}
      description="A domain belongs to one workspace. International names are stored in their ASCII (punycode) form."
      actions={
        <Button type="submit" form={`${ids}-form`} disabled={pending}>
          {pending ? 'Saving…' : editing ? 'Save' : 'Add domain'}
        </Button>
      }
    >
      <form id={`${ids}-form`} action={submit} onSubmit={precheck} noValidate className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-domain`}>Domain</Label>
          <Input
            id={`${ids}-domain`}
            name="domain"
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
            placeholder="example.com"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fieldErrors.domain ? true : undefined}
            aria-describedby={`${ids}-domain-help`}
            className="w-full"
          />
          <p id={`${ids}-domain-help`} className="text-xs text-muted-foreground" data-testid="domain-preview">
            {fieldErrors.domain ? (
              <span className="text-destructive">{fieldErrors.domain}</span>
            ) : check?.ok ? (
              check.ascii === domain.trim() ? (
                <>Stored as {check.ascii}</>
              ) : (
                <>
                  Stored as <span className="font-mono">{check.ascii}</span> (typed: <bdi>{domain.trim()}</bdi>)
                </>
              )
            ) : (
              'Letters, digits and hyphens, at least two labels; no scheme, path, port or wildcard.'
            )}
          </p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-workspace`}>Workspace id</Label>
          <Input
            id={`${ids}-workspace`}
            name="workspaceGuid"
            value={workspaceGuid}
            onChange={(event) => setWorkspaceGuid(event.target.value)}
            placeholder="wsp_…"
            autoComplete="off"
            spellCheck={false}
            className="w-full font-mono"
            aria-invalid={fieldErrors.workspaceGuid ? true : undefined}
            aria-describedby={`${ids}-workspace-help`}
          />
          <p id={`${ids}-workspace-help`} className="text-xs text-muted-foreground">
            {fieldErrors.workspaceGuid ? (
              <span className="text-destructive">{fieldErrors.workspaceGuid}</span>
            ) : (
              'The workspace must exist and not be deleted.'
            )}
          </p>
        </div>
      </form>
      {state && !state.ok ? <ActionErrorAlert error={state.error} testId="domain-action-error" /> : null}
    </DialogFrame>
  );
}
