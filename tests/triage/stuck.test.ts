import { describe, expect, it } from 'vitest';
import { ageBucketOf, breakdown, formatAge, missingArtifacts, topWorkspaces } from '@/lib/triage/stuck-rules';
import { stuckFilter, stuckQuerySchema, updateWindow } from '@/lib/triage/stuck';
import { messageWorkspaceSchema, type Message } from '@/lib/upstream/contract';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;

function message(overrides: Partial<Message> = {}): Message {
  return {
    id: 'm1',
    message_guid: 'm1',
    creator_guid: 'u1',
    workspace_guid: 'w1',
    channel_guids: ['c1'],
    status: 'processing',
    message_ts: NOW - 2 * HOUR,
    last_updated_at: NOW - 2 * HOUR,
    transcript_txt: 'hello',
    waveform_percentages: ['1', '2'],
    audio_models: [
      { _id: 'a1', type: 'hls', url: 'https://cdn.example/a.m3u8' },
      { _id: 'a2', type: 'mp3', url: 'https://cdn.example/a.mp3' },
    ],
    ...overrides,
  };
}

describe('stuck queue', () => {
  it('parses its URL query and refuses nonsense', () => {
    expect(stuckQuerySchema.safeParse({ threshold: '15', statuses: ['processing'] }).success).toBe(true);
    expect(stuckQuerySchema.safeParse({ threshold: '0', statuses: ['processing'] }).success).toBe(false);
    expect(stuckQuerySchema.safeParse({ threshold: '15', statuses: ['active'] }).success).toBe(false);
    expect(stuckQuerySchema.safeParse({ threshold: '15', statuses: [] }).success).toBe(false);
    expect(stuckQuerySchema.safeParse({ threshold: '15', statuses: ['processing'], age: 'soon' }).success).toBe(false);
  });

  it('bounds the last update by the threshold, and by a bucket when one is chosen', () => {
    expect(updateWindow({ threshold: 15 }, NOW)).toEqual({ updatedBefore: NOW - 15 * MIN, updatedAfter: null });
    expect(updateWindow({ threshold: 15, age: 'lt1h' }, NOW)).toEqual({
      updatedBefore: NOW - 15 * MIN,
      updatedAfter: NOW - HOUR,
    });
    expect(updateWindow({ threshold: 15, age: '1h-6h' }, NOW)).toEqual({
      updatedBefore: NOW - HOUR,
      updatedAfter: NOW - 6 * HOUR,
    });
    expect(updateWindow({ threshold: 15, age: 'gt24h' }, NOW)).toEqual({
      updatedBefore: NOW - 24 * HOUR,
      updatedAfter: null,
    });
    // A threshold beyond a bucket's end leaves that bucket empty rather than widening it.
    const empty = updateWindow({ threshold: 7 * 60, age: '1h-6h' }, NOW);
    expect(empty.updatedBefore).toBe(empty.updatedAfter);
  });

  it('translates to the service filter', () => {
    const query = stuckQuerySchema.parse({
      threshold: 30,
      statuses: ['processing', 'inprogress'],
      workspace: 'w9',
      channel: 'c9',
      creator: 'u9',
    });
    expect(stuckFilter(query, NOW)).toEqual({
      status: ['processing', 'inprogress'],
      updated_before: NOW - 30 * MIN,
      workspace_guid: 'w9',
      channel_guids: 'c9',
      creator_guid: 'u9',
    });
  });

  it('puts messages in age buckets by their last update', () => {
    expect(ageBucketOf({ last_updated_at: NOW - 20 * MIN }, NOW)).toBe('lt1h');
    expect(ageBucketOf({ last_updated_at: NOW - 2 * HOUR }, NOW)).toBe('1h-6h');
    expect(ageBucketOf({ last_updated_at: NOW - 7 * HOUR }, NOW)).toBe('6h-24h');
    expect(ageBucketOf({ last_updated_at: NOW - 30 * HOUR }, NOW)).toBe('gt24h');
  });

  it('names the missing artifacts; text messages have no audio to miss', () => {
    expect(missingArtifacts(message())).toEqual([]);
    expect(missingArtifacts(message({ audio_models: [], waveform_percentages: null, transcript_txt: ' ' }))).toEqual([
      'hls',
      'mp3',
      'waveform',
      'transcript',
    ]);
    expect(missingArtifacts(message({ audio_models: [{ _id: 'a', type: 'hls', url: 'https://x/a' }] }))).toEqual([
      'mp3',
    ]);
    expect(missingArtifacts(message({ is_text_message: true, audio_models: [], transcript_txt: 'hi' }))).toEqual([]);
  });

  it('breaks down by missing artifact and ranks the most affected workspaces', () => {
    const result = breakdown([
      message({ workspace_guid: 'w2', audio_models: [] }),
      message({ workspace_guid: 'w2' }),
      message({ workspace_guid: 'w1', transcript_txt: null }),
      message({ workspace_guid: null }),
    ]);
    expect(result.examined).toBe(4);
    expect(result.missing).toEqual({ hls: 1, mp3: 1, waveform: 0, transcript: 1 });
    expect(result.workspaces).toEqual([
      { workspaceGuid: 'w2', count: 2 },
      { workspaceGuid: '(none)', count: 1 },
      { workspaceGuid: 'w1', count: 1 },
    ]);
  });

  it('ranks workspaces from messages read with only their id and workspace (the dashboard sample)', () => {
    const read = messageWorkspaceSchema
      .array()
      .parse([
        { id: 'm1', workspace_guid: 'w1', status: 'processing', transcript_txt: 'kept out' },
        { id: 'm2', workspace_guid: 'w2' },
        { id: 'm3', workspace_guid: 'w2' },
        { id: 'm4' },
      ]);
    expect(read[0]).toEqual({ id: 'm1', workspace_guid: 'w1' });
    expect(topWorkspaces(read, 2)).toEqual([
      { workspaceGuid: 'w2', count: 2 },
      { workspaceGuid: '(none)', count: 1 },
    ]);
    expect(messageWorkspaceSchema.safeParse({ workspace_guid: 'w1' }).success).toBe(false);
    expect(messageWorkspaceSchema.safeParse({ id: 'm1', workspace_guid: 7 }).success).toBe(false);
  });

  it('formats ages for people', () => {
    expect(formatAge(5 * MIN)).toBe('5 min');
    expect(formatAge(3 * HOUR + 12 * MIN)).toBe('3 h 12 min');
    expect(formatAge(52 * HOUR)).toBe('2 d 4 h');
  });
});
