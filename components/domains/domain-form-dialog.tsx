'use client';

import { useId, useState } from 'react';
import { createDomain, updateDomain } from '@/app/(console)/_actions/domains';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { domainFieldsSchema } from '@/lib/domains/form';
import { checkHostname } from '@/lib/domains/hostname-check';
import { DomainActionError } from './action-error';
import { useDomainWrite } from './use-domain-write';

/** The domain being edited, as the table shows it. */
export interface EditedDomain {
  id: string;
  domain: string;
  workspaceGuid: string;
}

interface DomainFormDialogProps {
  /** Absent: a new domain. */
  editing?: EditedDomain;
  /** Filled in for a new domain (the list's workspace filter). */
  defaultWorkspace?: string;
  /** Null when a row's button opens it (domain-row-dialogs.tsx). */
  trigger: React.ReactNode;
  /** Opened by its first click (components/lazy-dialog.tsx), or by a row's button. */
  defaultOpen?: boolean;
}

type FieldErrors = Partial<Record<'domain' | 'workspaceGuid', string>>;

/**
 * Create or edit a domain. The fields are checked by the action's own schema before any call;
 * the stored (punycode) form is shown as the operator types. On success the list is read again.
 */
export function DomainFormDialog({ editing, defaultWorkspace = '', trigger, defaultOpen = false }: DomainFormDialogProps) {
  const ids = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [domain, setDomain] = useState(editing?.domain ?? '');
  const [workspaceGuid, setWorkspaceGuid] = useState(editing?.workspaceGuid ?? defaultWorkspace);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const { pending, failure, setFailure, write } = useDomainWrite(() => setOpen(false));
  const check = domain.trim() === '' ? null : checkHostname(domain);

  const reset = () => {
    setDomain(editing?.domain ?? '');
    setWorkspaceGuid(editing?.workspaceGuid ?? defaultWorkspace);
    setFieldErrors({});
    setFailure(null);
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = domainFieldsSchema.safeParse({ domain, workspaceGuid });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'domain' || key === 'workspaceGuid') && !errors[key]) errors[key] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    write(
      () =>
        editing
          ? updateDomain({ ...parsed.data, id: editing.id, before: { domain: editing.domain, workspaceGuid: editing.workspaceGuid } })
          : createDomain(parsed.data),
      editing ? `Domain saved as ${parsed.data.domain}` : `Domain ${parsed.data.domain} created`,
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (next) reset();
        setOpen(next);
      }}
    >
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? `Edit ${editing.domain}` : 'Add a domain'}</DialogTitle>
          <DialogDescription>
            A domain belongs to one workspace. International names are stored in their ASCII (punycode) form.
          </DialogDescription>
        </DialogHeader>
        <form id={`${ids}-form`} onSubmit={submit} noValidate className="space-y-4">
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
              aria-describedby={`${ids}-domain-help`} className="w-full" />
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
              {fieldErrors.workspaceGuid ? <span className="text-destructive">{fieldErrors.workspaceGuid}</span> : 'The workspace must exist and not be deleted.'}
            </p>
          </div>
        </form>
        {failure ? <DomainActionError result={failure} /> : null}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${ids}-form`} disabled={pending}>
            {pending ? 'Saving…' : editing ? 'Save' : 'Add domain'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
