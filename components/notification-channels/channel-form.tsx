'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { saveNotificationChannel } from '@/app/(console)/_actions/notifications';
import { callAction } from '@/components/action-feedback';
import { ActionErrorAlert } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select-native';
import type { ActionError } from '@/lib/actions/guard/define';
import type { ActionPermission } from '@/lib/auth/roles';
import type { ChannelSummary } from '@/lib/notifications/channels';
import {
  CHANNEL_KINDS,
  CHANNEL_KIND_LABELS,
  EVENT_KIND_LABELS,
  SMTP_SECURITY,
  SUBSCRIBABLE_EVENT_KINDS,
  type ChannelKind,
} from '@/lib/notifications/kinds';
import { channelHref } from '@/lib/notifications/paths';

const SECURITY_LABELS: Record<(typeof SMTP_SECURITY)[number], string> = {
  tls: 'TLS from the start (usually port 465)',
  starttls: 'STARTTLS required (usually port 587)',
  none: 'None (a relay on this network only)',
};

/** A secret's field: never filled in; says whether one is stored and that empty keeps it. */
function SecretField({ id, name, label, isSet }: { id: string; name: string; label: string; isSet: boolean }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>
        {label} <span className="text-muted-foreground">({isSet ? 'set; leave empty to keep it' : 'not set'})</span>
      </Label>
      <Input
        id={id}
        name={name}
        type="password"
        autoComplete="off"
        className="w-full"
        data-secret-state={isSet ? 'set' : 'unset'}
      />
    </div>
  );
}

/**
 * A notification channel's form, new or saved. Secrets are write-only: the page hands this form
 * whether each is set, never its value, and a field left empty keeps the stored secret.
 */
export function ChannelForm({ channel, permission }: { channel: ChannelSummary | null; permission: ActionPermission }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  const [saved, setSaved] = useState(false);
  const [kind, setKind] = useState<ChannelKind>(channel?.kind ?? 'webhook');
  const secretsSet = channel?.secretsSet ?? {};
  const email = channel?.email;

  const submit = (form: FormData) =>
    startTransition(async () => {
      setError(null);
      setSaved(false);
      const text = (name: string) => String(form.get(name) ?? '');
      const result = await callAction(() =>
        saveNotificationChannel({
          ...(channel ? { channelId: channel.id } : {}),
          name: text('name'),
          kind,
          events: form.getAll('events').map(String),
          enabled: form.get('enabled') === 'on',
          ...(kind === 'email'
            ? {
                smtpHost: text('smtpHost'),
                smtpPort: text('smtpPort'),
                smtpSecurity: text('smtpSecurity'),
                smtpUser: text('smtpUser'),
                smtpFrom: text('smtpFrom'),
                smtpTo: text('smtpTo'),
                smtpPassword: text('smtpPassword'),
              }
            : {
                urlSecret: text('urlSecret'),
                ...(kind === 'webhook' ? { signingSecret: text('signingSecret') } : {}),
              }),
        }),
      );
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setSaved(true);
      if (result.data.created) router.push(channelHref(result.data.channelId));
    });

  return (
    <form action={submit} className="max-w-2xl space-y-4" aria-label={channel ? 'Edit channel' : 'New channel'}>
      <div className="space-y-1">
        <Label htmlFor="channel-name">Name</Label>
        <Input
          id="channel-name"
          name="name"
          required
          maxLength={100}
          defaultValue={channel?.name ?? ''}
          className="w-full"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="channel-kind">Kind</Label>
        <NativeSelect
          id="channel-kind"
          name="kind"
          value={kind}
          disabled={channel !== null}
          onChange={(event) => setKind(event.target.value as ChannelKind)}
          className="w-full"
        >
          {CHANNEL_KINDS.map((value) => (
            <option key={value} value={value}>
              {CHANNEL_KIND_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Events it receives</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {SUBSCRIBABLE_EVENT_KINDS.map((value) => (
            <label key={value} className="flex items-center gap-1">
              <input
                type="checkbox"
                name="events"
                value={value}
                defaultChecked={channel ? channel.events.includes(value) : true}
              />
              {EVENT_KIND_LABELS[value]}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          Approvals go to the operators who can approve them: an e-mail channel sends each to the ops operators other
          than the requester; a webhook or Slack channel subscribed to them is the approvers&apos; room.
        </p>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="enabled" defaultChecked={channel?.enabled ?? true} />
        Enabled
      </label>
      {kind === 'email' ? (
        <fieldset className="space-y-3 rounded-md border p-4">
          <legend className="px-1 text-sm font-medium">SMTP</legend>
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <div className="space-y-1">
              <Label htmlFor="smtp-host">Host</Label>
              <Input id="smtp-host" name="smtpHost" defaultValue={email?.host ?? ''} className="w-full" />
            </div>
            <div className="space-y-1">
              <Label htmlFor="smtp-port">Port</Label>
              <Input
                id="smtp-port"
                name="smtpPort"
                inputMode="numeric"
                defaultValue={String(email?.port ?? 587)}
                className="w-full"
              />
            </div>
          </div>
          <div className="space-y-1">
            <Label htmlFor="smtp-security">Connection security</Label>
            <NativeSelect
              id="smtp-security"
              name="smtpSecurity"
              defaultValue={email?.security ?? 'starttls'}
              className="w-full"
            >
              {SMTP_SECURITY.map((value) => (
                <option key={value} value={value}>
                  {SECURITY_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <Label htmlFor="smtp-user">User (empty: no login)</Label>
            <Input
              id="smtp-user"
              name="smtpUser"
              autoComplete="off"
              defaultValue={email?.user ?? ''}
              className="w-full"
            />
          </div>
          <SecretField id="smtp-password" name="smtpPassword" label="Password" isSet={Boolean(secretsSet.password)} />
          <div className="space-y-1">
            <Label htmlFor="smtp-from">From</Label>
            <Input
              id="smtp-from"
              name="smtpFrom"
              defaultValue={email?.from ?? ''}
              placeholder="Voice console <console@example.com>"
              className="w-full"
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="smtp-to">To (comma-separated; approvals go to the approvers instead)</Label>
            <Input id="smtp-to" name="smtpTo" defaultValue={email?.to.join(', ') ?? ''} className="w-full" />
          </div>
        </fieldset>
      ) : (
        <fieldset className="space-y-3 rounded-md border p-4">
          <legend className="px-1 text-sm font-medium">{CHANNEL_KIND_LABELS[kind]}</legend>
          <SecretField
            id="channel-url"
            name="urlSecret"
            label="URL (http:// or https://)"
            isSet={Boolean(secretsSet.url)}
          />
          {kind === 'webhook' ? (
            <SecretField
              id="channel-signing-secret"
              name="signingSecret"
              label="Signing secret (HMAC-SHA256)"
              isSet={Boolean(secretsSet.signingSecret)}
            />
          ) : null}
        </fieldset>
      )}
      <ActionErrorAlert error={error} testId="channel-form-error" />
      {saved ? (
        <p role="status" className="text-sm">
          Saved.
        </p>
      ) : null}
      <Button
        type="submit"
        disabled={pending || !permission.allowed}
        title={permission.allowed ? undefined : permission.reason}
      >
        {pending ? 'Saving…' : channel ? 'Save channel' : 'Create channel'}
      </Button>
    </form>
  );
}
