/**
 * What makes a message "stuck": the statuses, age buckets and artifacts, and the pure functions
 * over them that the stuck page, the dashboard and the browser's stuck table share. Plain values
 * and functions, no zod, so that browser components can import them (the README's convention);
 * the query's schema is in ./stuck.ts.
 */
import { audioModelKind } from '@/lib/upstream/contract/audio-kind';
import { NON_TERMINAL_STATUSES } from '@/lib/upstream/contract/constants';
import type { Message } from '@/lib/upstream/contract';

/** Statuses the queue can watch: the non-terminal ones by default, paused and offline on demand. */
export const WATCHABLE_STATUSES = [...NON_TERMINAL_STATUSES, 'paused', 'offline'] as const;

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Age buckets by time since the last update. The first starts at the threshold. */
export const AGE_BUCKETS = [
  { id: 'lt1h', label: 'up to 1 h', olderThanMs: 0, youngerThanMs: HOUR },
  { id: '1h-6h', label: '1–6 h', olderThanMs: HOUR, youngerThanMs: 6 * HOUR },
  { id: '6h-24h', label: '6–24 h', olderThanMs: 6 * HOUR, youngerThanMs: 24 * HOUR },
  { id: 'gt24h', label: 'older than 24 h', olderThanMs: 24 * HOUR, youngerThanMs: null },
] as const;
export type AgeBucketId = (typeof AGE_BUCKETS)[number]['id'];

/** Artifacts a healthy voice message has; a stuck message often lacks one. */
export const ARTIFACTS = [
  { id: 'hls', label: 'no HLS audio' },
  { id: 'mp3', label: 'no MP3' },
  { id: 'waveform', label: 'no waveform' },
  { id: 'transcript', label: 'no transcript' },
] as const;
export type ArtifactId = (typeof ARTIFACTS)[number]['id'];

/** A list filter's values, as the service's list convention and a job selection take them. */
export type ListFilter = Record<string, string | number | boolean | null | (string | number)[]>;

export function ageBucketOf(message: Pick<Message, 'last_updated_at'>, now: number): AgeBucketId {
  // A message without a last update time is counted with the oldest.
  if (message.last_updated_at === undefined) return 'gt24h';
  const age = now - message.last_updated_at;
  for (const bucket of AGE_BUCKETS) if (bucket.youngerThanMs === null || age < bucket.youngerThanMs) return bucket.id;
  return 'gt24h';
}

export function missingArtifacts(message: Message): ArtifactId[] {
  const models = message.audio_models ?? [];
  const missing: ArtifactId[] = [];
  if (!message.is_text_message) {
    if (!models.some((model) => audioModelKind(model) === 'hls')) missing.push('hls');
    if (!models.some((model) => audioModelKind(model) === 'mp3')) missing.push('mp3');
    if (!message.waveform_percentages || message.waveform_percentages.length === 0) missing.push('waveform');
  }
  if (!message.transcript_txt || message.transcript_txt.trim() === '') missing.push('transcript');
  return missing;
}

/** The messages that lack an artifact, in their order. */
export function lackingArtifact(messages: readonly Message[], artifact: ArtifactId): Message[] {
  return messages.filter((message) => missingArtifacts(message).includes(artifact));
}

export interface StuckBreakdown {
  /** How many of the examined messages lack each artifact. */
  missing: Record<ArtifactId, number>;
  /** The workspaces with the most stuck messages, most first. */
  workspaces: { workspaceGuid: string; count: number }[];
  examined: number;
}

/** The workspaces with the most of these messages, most first; messages in none count as `(none)`. */
export function topWorkspaces(
  messages: readonly Pick<Message, 'workspace_guid'>[],
  top = 8,
): StuckBreakdown['workspaces'] {
  const perWorkspace = new Map<string, number>();
  for (const message of messages) {
    const workspace = message.workspace_guid ?? '(none)';
    perWorkspace.set(workspace, (perWorkspace.get(workspace) ?? 0) + 1);
  }
  return [...perWorkspace]
    .map(([workspaceGuid, count]) => ({ workspaceGuid, count }))
    .sort((a, b) => b.count - a.count || a.workspaceGuid.localeCompare(b.workspaceGuid))
    .slice(0, top);
}

export function breakdown(messages: readonly Message[], top = 8): StuckBreakdown {
  const missing: Record<ArtifactId, number> = { hls: 0, mp3: 0, waveform: 0, transcript: 0 };
  for (const message of messages) for (const artifact of missingArtifacts(message)) missing[artifact]++;
  return { missing, workspaces: topWorkspaces(messages, top), examined: messages.length };
}

/** How long a message has been in its status, for people: "3 h 12 min", "2 d 4 h". */
export function formatAge(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
