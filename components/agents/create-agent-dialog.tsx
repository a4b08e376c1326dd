'use client';

import { Plus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { createAgent } from '@/app/(console)/_actions/agents';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { DialogFrame } from '@/components/dialog-frame';
import { RefusalNote } from '@/components/refusal-note';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { ActionError } from '@/lib/actions/guard/define';
import type { ActionPermission } from '@/lib/auth/roles';

/** The action's own schema (and zod with it) loads when the dialog opens, not with the page. */
const loadInputSchema = () => import('@/lib/actions/agent-input').then((module) => module.createAgentInputSchema);

/** Creates an agent owned by the operator; on success opens its page. */
export function CreateAgentDialog({ permission }: { permission: ActionPermission }) {
  const router = useRouter();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    void loadInputSchema().then(validateAndCreate);
  };

  const validateAndCreate = (createAgentInputSchema: Awaited<ReturnType<typeof loadInputSchema>>) => {
    const input = email.trim() ? { name, email } : { name };
    const parsed = createAgentInputSchema.safeParse(input);
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setProblems({});
    startTransition(async () => {
      const result = await callAction(() => createAgent(parsed.data));
      if (!result.ok) {
        setError(result.error);
        return;
      }
      announceActionResult(result, `Agent ${result.data.name ?? result.data.id} created`);
      setOpen(false);
      router.push(`/agents/${encodeURIComponent(result.data.id)}`);
    });
  };

  return (
    <>
      <DialogFrame
        open={open}
        pending={pending}
        onOpenChange={(next) => {
          if (next) {
            void loadInputSchema();
            setName('');
            setEmail('');
            setProblems({});
            setError(null);
          }
          setOpen(next);
        }}
        trigger={
          <Button
            disabled={!permission.allowed}
            aria-describedby={permission.allowed ? undefined : 'create-agent-refused'}
          >
            <Plus aria-hidden /> Create agent
          </Button>
        }
        title="Create an agent"
        description="The agent belongs to you (your account is its root human) and gets a workspace of its own."
        actions={
          <Button type="submit" form={`${ids}-form`} disabled={pending}>
            {pending ? 'Creating…' : 'Create agent'}
          </Button>
        }
      >
        <form id={`${ids}-form`} onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-name`}>Name</Label>
            <Input
              id={`${ids}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoComplete="off"
              aria-describedby={`${ids}-name-help`}
              className="w-full"
            />
            <p id={`${ids}-name-help`} className="text-xs text-muted-foreground">
              {problems.name ? (
                <span className="text-destructive">{problems.name}</span>
              ) : (
                'What the agent does, like “Standup summarizer”.'
              )}
            </p>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-email`}>E-mail (optional)</Label>
            <Input
              id={`${ids}-email`}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoComplete="off"
              aria-describedby={`${ids}-email-help`}
              className="w-full"
            />
            <p id={`${ids}-email-help`} className="text-xs text-muted-foreground">
              {problems.email ? (
                <span className="text-destructive">{problems.email}</span>
              ) : (
                'Left empty, the service makes one.'
              )}
            </p>
          </div>
        </form>
        <ActionErrorAlert error={error} />
      </DialogFrame>
      <RefusalNote id="create-agent-refused" permission={permission} className="basis-full" />
    </>
  );
}
