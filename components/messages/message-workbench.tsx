import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { safeHttpUrl } from '@/lib/safe-url';
import { statusLabel } from '@/lib/status-labels';
import { ARTIFACTS, formatAge, missingArtifacts } from '@/lib/triage/stuck-rules';
import { audioModelKind, NON_TERMINAL_STATUSES, type Message } from '@/lib/upstream/contract';
import { MessageActions, type MessagePermissions } from './message-actions';
import { Waveform } from './waveform';

const STUCKABLE: readonly string[] = NON_TERMINAL_STATUSES;

/** The message workbench: its state, its media, and the remediation actions the role allows. */
export function MessageWorkbench({
  message,
  title,
  permissions,
  now,
}: {
  message: Message;
  title: string;
  permissions: MessagePermissions;
  now: number;
}) {
  const mp3 = message.audio_models?.find((model) => audioModelKind(model) === 'mp3');
  const mp3Url = safeHttpUrl(mp3?.url);
  // The one computation the stuck queue's "Missing" column shows too: a text message lacks no media.
  const missing = missingArtifacts(message);
  return (
    <Card data-testid="message-workbench">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <span>Status</span>
          <Badge
            variant={STUCKABLE.includes(message.status) ? 'warning' : 'secondary'}
            data-testid="message-status"
            data-status={message.status}
            title={message.status}
          >
            {statusLabel(message.status)}
          </Badge>
          {message.last_updated_at === undefined ? (
            <span className="text-sm font-normal text-muted-foreground">last update time unknown</span>
          ) : (
            <span
              className="text-sm font-normal text-muted-foreground"
              title={new Date(message.last_updated_at).toISOString()}
            >
              last updated {formatAge(now - message.last_updated_at)} ago
            </span>
          )}
          {ARTIFACTS.filter((artifact) => missing.includes(artifact.id)).map((artifact) => (
            <Badge key={artifact.id} variant="outline" data-testid="message-missing">
              {artifact.label}
            </Badge>
          ))}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {message.status_reason ? (
          <p className="text-sm" data-testid="message-status-reason">
            <span className="text-muted-foreground">Reason: </span>
            {message.status_reason}
          </p>
        ) : null}
        {message.waveform_percentages && message.waveform_percentages.length > 0 ? (
          <Waveform percentages={message.waveform_percentages} />
        ) : missing.includes('waveform') ? (
          <p className="text-sm text-muted-foreground">No waveform.</p>
        ) : null}
        {mp3Url ? (
          <audio controls preload="none" src={mp3Url} className="w-full" data-testid="message-audio">
            <track kind="captions" />
          </audio>
        ) : mp3 ? (
          <p className="text-sm text-muted-foreground">The MP3 address is not a web URL; it is not played.</p>
        ) : missing.includes('mp3') ? (
          <p className="text-sm text-muted-foreground">No MP3 yet.</p>
        ) : (
          <p className="text-sm text-muted-foreground">A text message: no audio or waveform is expected.</p>
        )}
        <MessageActions
          messageGuid={message.id}
          messageTitle={title}
          currentStatus={message.status}
          permissions={permissions}
        />
      </CardContent>
    </Card>
  );
}
