import { Link } from '@/components/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { readFromService, requireAdminSession } from '@/lib/auth/session';
import { statusLabel } from '@/lib/status-labels';
import { formatUtc } from '@/lib/time';
import { readStuckAlike, type StuckAlike } from '@/lib/triage/data';
import { DEFAULT_REFRESH_SECONDS, stuckHref } from '@/lib/triage/search-params';
import { defaultThresholdMinutes } from '@/lib/triage/settings';
import { ARTIFACTS, MINUTE, formatAge, missingArtifacts, type ArtifactId } from '@/lib/triage/stuck-rules';
import { NON_TERMINAL_STATUSES, type Message } from '@/lib/upstream/contract';

const STUCKABLE: readonly string[] = NON_TERMINAL_STATUSES;

/** What the workbench's buttons do about each missing artifact, in the words of the service's behaviour. */
const FIXES: Readonly<Record<ArtifactId, string>> = {
  hls: 'Reprocess runs the service’s processing again, which makes the HLS audio (and from it the MP3 and the waveform).',
  mp3: 'Create MP3 asks the service to build the MP3 from the HLS audio; the service refuses while the HLS audio is missing.',
  waveform:
    'Recreate waveform asks the service to draw the waveform again from the HLS audio; it refuses without HLS audio.',
  transcript: 'Reprocess runs the processing again, which writes the transcript.',
};

const number = (value: number) => value.toLocaleString('en-US');

/** "3 other messages of this workspace and channel are stuck in processing; 2 of them also have no MP3". */
function alikeSentence(alike: StuckAlike, status: string, missingLabel: string | undefined): string {
  if (alike.sameStatus === 0) return `No other message of this workspace and channel is stuck in ${status}`;
  const others = `${number(alike.sameStatus)} other ${alike.sameStatus === 1 ? 'message' : 'messages'}`;
  const stuck = `${others} of this workspace and channel ${alike.sameStatus === 1 ? 'is' : 'are'} stuck in ${status}`;
  if (!missingLabel) return stuck;
  // The missing artifacts are read from the queue's sample: beyond it, say how many were looked at.
  const among = alike.examined < alike.sameStatus ? `the oldest ${number(alike.examined)}` : 'them';
  return `${stuck}; ${number(alike.sameWay)} of ${among} also have ${missingLabel}`;
}

/**
 * Why a message in a non-terminal status is stuck, as far as the console knows: how long it has
 * not moved against the stuck queue's threshold, what it lacks and what each fix does, and how
 * many other messages of its workspace and channel are stuck the same way (linked to the queue).
 */
export async function StuckDiagnosis({ message, now }: { message: Message; now: number }) {
  if (!STUCKABLE.includes(message.status)) return null;
  const { upstream } = await requireAdminSession();
  const threshold = defaultThresholdMinutes();
  const alike = await readFromService(readStuckAlike(upstream, message, threshold, now));
  const age = message.last_updated_at === undefined ? null : now - message.last_updated_at;
  const stuck = age === null || age >= threshold * MINUTE;
  const missing = missingArtifacts(message);
  const missingLabel =
    alike.ok && alike.data?.query.missing
      ? ARTIFACTS.find((artifact) => artifact.id === alike.data?.query.missing)?.label
      : undefined;
  return (
    <Card data-testid="stuck-diagnosis">
      <CardHeader>
        <CardTitle className="text-base">
          <h2>{stuck ? 'Why this message is stuck' : 'Not stuck yet'}</h2>
        </CardTitle>
        <CardDescription>
          The service records no time of a status change: the last update stands for the time in status.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p data-testid="stuck-time-in-status">
          {age === null ? (
            <>In {statusLabel(message.status)}; the service gives no time of its last update.</>
          ) : (
            <>
              In {statusLabel(message.status)} for at least {formatAge(age)} (last update{' '}
              {formatUtc(new Date(message.last_updated_at!))});{' '}
              {stuck
                ? `the stuck queue counts a message as stuck after ${number(threshold)} min.`
                : `the stuck queue counts it as stuck after ${number(threshold)} min.`}
            </>
          )}{' '}
          {message.status_reason ? null : 'The service gives no reason for the status.'}
        </p>
        {missing.length > 0 ? (
          <ul className="list-disc space-y-1 pl-5" data-testid="stuck-missing-fixes">
            {missing.map((id) => (
              <li key={id}>
                <span className="font-medium">{ARTIFACTS.find((artifact) => artifact.id === id)?.label}</span>:{' '}
                {FIXES[id]}
              </li>
            ))}
          </ul>
        ) : (
          <p>It lacks none of its artifacts: Reprocess runs its processing again.</p>
        )}
        {!alike.ok ? (
          <p className="text-muted-foreground">
            The service did not answer how many other messages are stuck like this one.
          </p>
        ) : alike.data === null ? (
          <p className="text-muted-foreground">It names no workspace or channel to compare it with.</p>
        ) : (
          <p data-testid="stuck-alike">
            <Link className="underline" href={stuckHref({ query: alike.data.query, refresh: DEFAULT_REFRESH_SECONDS })}>
              {alikeSentence(alike.data, statusLabel(message.status), missingLabel)}
            </Link>
            .
          </p>
        )}
      </CardContent>
    </Card>
  );
}
