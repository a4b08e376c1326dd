'use client';

import { KeyRound } from 'lucide-react';
import { useId, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { mintAgentToken } from '@/app/(console)/_actions/agents';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { DialogFrame } from '@/components/dialog-frame';
import { CopyButton } from '@/components/entities/copy-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { RefusalNote } from '@/components/refusal-note';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import type { ActionError } from '@/lib/actions/guard/define';
import { formatUtc } from '@/lib/time';
import type { OwnAgentControlProps } from './own-agent-panel';

const LIFETIMES = [
  { seconds: 300, label: '5 minutes' },
  { seconds: 900, label: '15 minutes' },
  { seconds: 3_600, label: '1 hour' },
] as const;

/**
 * Mints a short-lived token for one of the operator's agents and shows it once. The token lives
 * only in this dialog's state: closing the dialog or reloading the page loses it for good.
 */
export function MintTokenDialog({ agentId, agentName, permission }: OwnAgentControlProps) {
  const ids = useId();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [lifetime, setLifetime] = useState<number>(900);
  const [minted, setMinted] = useState<{ token: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();

  const mint = () =>
    startTransition(async () => {
      setError(null);
      const result = await callAction(() => mintAgentToken({ agentId, expiresInSeconds: lifetime }));
      if (result.ok) {
        setMinted(result.data);
        // The page's list of mintings reads the audit log: read it again (the dialog stays open).
        router.refresh();
      } else {
        setError(result.error);
        announceActionResult(result, '');
      }
    });

  return (
    <>
      <DialogFrame
        open={open}
        pending={pending}
        onOpenChange={(next) => {
          // Closing forgets the token: it is shown once.
          setMinted(null);
          setError(null);
          setOpen(next);
        }}
        trigger={
          <Button
            disabled={!permission.allowed}
            aria-describedby={permission.allowed ? undefined : 'mint-token-refused'}
          >
            <KeyRound aria-hidden /> Mint a token
          </Button>
        }
        title={`Mint a token for ${agentName}`}
        description="A short-lived bearer token for this agent. It is shown once, here; the console does not store or log it."
        cancelLabel={null}
        actions={
          minted ? (
            <Button
              type="button"
              onClick={() => {
                setMinted(null);
                setOpen(false);
              }}
            >
              Done
            </Button>
          ) : (
            <Button type="button" onClick={mint} disabled={pending}>
              {pending ? 'Minting…' : 'Mint token'}
            </Button>
          )
        }
      >
        {minted ? (
          <div className="space-y-2" data-testid="minted-token">
            <Alert>
              <AlertTitle>Copy it now: it will not be shown again</AlertTitle>
              <AlertDescription>Expires {formatUtc(new Date(minted.expiresAt))}.</AlertDescription>
            </Alert>
            <pre
              id={`${ids}-token`}
              className="max-h-40 overflow-auto rounded-md border bg-muted p-2 font-mono text-xs break-all whitespace-pre-wrap"
              data-testid="token-value"
            >
              {minted.token}
            </pre>
            <CopyButton targetId={`${ids}-token`} label="Copy token" />
          </div>
        ) : (
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-lifetime`}>Lifetime</Label>
            <NativeSelect
              id={`${ids}-lifetime`}
              value={String(lifetime)}
              onChange={(event) => setLifetime(Number(event.target.value))}
              className="w-full"
            >
              {LIFETIMES.map((option) => (
                <option key={option.seconds} value={option.seconds}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <ActionErrorAlert error={error} />
      </DialogFrame>
      <RefusalNote id="mint-token-refused" permission={permission} className="basis-full" />
    </>
  );
}
