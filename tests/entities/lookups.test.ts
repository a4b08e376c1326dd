/** Jump-to and related-record reads against the emulator, through the real UpstreamClient. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJumpCandidates } from '@/lib/entities/jump';
import { findEntity } from '@/lib/entities/registry';
import { linkedIds, readTitles } from '@/lib/entities/related';
import { UpstreamClient } from '@/lib/upstream/client';
import { workspaceSchema } from '@/lib/upstream/contract';
import { listRecords } from '@/lib/upstream/ra';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';

let emulator: RunningEmulator;
let upstream: UpstreamClient;

beforeAll(async () => {
  emulator = await startTestEmulator();
  const token = await benchToken(emulator);
  upstream = new UpstreamClient({ baseUrl: emulator.url, accessToken: token.access_token, log: () => {} });
});

afterAll(async () => {
  await emulator?.stop();
});

const OPS_ID = 'usr_00000000000000000001';

describe('findJumpCandidates', () => {
  it('finds a user by id', async () => {
    const { candidates } = await findJumpCandidates(upstream, OPS_ID);
    expect(candidates).toEqual([
      expect.objectContaining({
        entity: 'users',
        id: OPS_ID,
        title: 'Morgan Reyes',
        href: `/users/${OPS_ID}`,
        matchedBy: 'id',
      }),
    ]);
  });

  it('finds a user by e-mail, whatever its case', async () => {
    const { candidates } = await findJumpCandidates(upstream, 'OPS@Example.com');
    expect(candidates.map((candidate) => [candidate.entity, candidate.id, candidate.matchedBy])).toContainEqual([
      'users',
      OPS_ID,
      'email',
    ]);
  });

  it("lists candidates for part of an e-mail through the users' search, from three characters", async () => {
    const { candidates } = await findJumpCandidates(upstream, 'ops@exa');
    expect(candidates.map((candidate) => [candidate.entity, candidate.id, candidate.matchedBy])).toContainEqual([
      'users',
      OPS_ID,
      'search',
    ]);
    expect(candidates.filter((candidate) => candidate.matchedBy === 'search').length).toBeLessThanOrEqual(10);
    expect(
      (await findJumpCandidates(upstream, 'op')).candidates.filter((candidate) => candidate.matchedBy === 'search'),
    ).toEqual([]);
  });

  it('finds nothing for a term nothing has, and says nothing failed', async () => {
    expect(await findJumpCandidates(upstream, 'nothing-has-this-id')).toEqual({ candidates: [], failures: [] });
  });

  it('finds a domain pasted in Unicode, stored in punycode', async () => {
    const { candidates } = await findJumpCandidates(upstream, 'Bücher.example');
    expect(candidates.map((candidate) => [candidate.entity, candidate.matchedBy])).toContainEqual([
      'domains',
      'domain',
    ]);
  });

  it('looks up nothing for "." and "..", which would name another path at the service', async () => {
    const before = emulator.requestLog.list().length;
    expect(await findJumpCandidates(upstream, '..')).toEqual({ candidates: [], failures: [] });
    expect(emulator.requestLog.list().length).toBe(before);
  });

  /** The paths of the service calls one lookup makes. */
  async function callsOf(term: string) {
    const before = emulator.requestLog.list().length;
    const result = await findJumpCandidates(upstream, term);
    return {
      result,
      paths: emulator.requestLog
        .list()
        .slice(before)
        .map((entry) => entry.path),
    };
  }
  const readsOneRecord = (path: string) => /^\/admin\/ra\/[a-z]+\/[^/?]+$/.test(path);

  it('asks for a record by id only when the text carries an id prefix, and an id only by id', async () => {
    const { paths } = await callsOf('evelyn.h');
    expect(paths.filter(readsOneRecord)).toEqual([]);
    // users, workspaces, channels, domains and agents by name, and domains by hostname.
    expect(paths).toHaveLength(6);
    const workspace = (await listRecords(upstream, 'workspaces', { range: { start: 0, end: 0 } }, workspaceSchema))
      .rows[0]!;
    const byId = await callsOf(workspace.id);
    expect(byId.paths).toEqual([`/admin/ra/workspaces/${workspace.id}`]);
    expect(byId.result.candidates).toEqual([expect.objectContaining({ entity: 'workspaces', id: workspace.id })]);
    // Users and agents share the prefix: both are asked.
    expect((await callsOf(OPS_ID)).paths.toSorted()).toEqual([
      `/admin/ra/agents/${OPS_ID}`,
      `/admin/ra/users/${OPS_ID}`,
    ]);
  });

  it('finds a workspace by name, and tells people of one name apart by e-mail', async () => {
    const workspace = (
      await listRecords(upstream, 'workspaces', { range: { start: 0, end: 0 }, filter: {} }, workspaceSchema)
    ).rows[0]!;
    const name = workspace.workspace_name!;
    const { candidates } = await findJumpCandidates(upstream, name);
    expect(candidates).toContainEqual(
      expect.objectContaining({ entity: 'workspaces', id: workspace.id, title: name, matchedBy: 'search' }),
    );
    const { candidates: people } = await findJumpCandidates(upstream, 'ops@exa');
    expect(people[0]).toMatchObject({ entity: 'users', subtitle: 'ops@example.com' });
  });

  it('finds a domain by part of its Unicode name, and titles it in Unicode', async () => {
    const { candidates } = await findJumpCandidates(upstream, 'bücher');
    expect(candidates).toContainEqual(
      expect.objectContaining({ entity: 'domains', matchedBy: 'search', title: expect.stringContaining('bücher') }),
    );
  });

  it('reports failures other than "not found"', async () => {
    const broken = new UpstreamClient({ baseUrl: emulator.url, accessToken: 'not-a-token', log: () => {} });
    const { candidates, failures } = await findJumpCandidates(broken, OPS_ID);
    expect(candidates).toEqual([]);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toMatchObject({ kind: 'unauthorized' });
  });
});

describe('readTitles', () => {
  it('titles the records a record links to, with one read per entity', async () => {
    const users = findEntity('users')!;
    const ids = linkedIds(users, { id: 'x', merged_into: OPS_ID });
    expect(ids).toEqual(new Map([['users', new Set([OPS_ID])]]));
    const titles = await readTitles(upstream, ids);
    expect(titles.get(`/users/${OPS_ID}`)).toBe('Morgan Reyes');
  });

  it('collects ids from lists and nested tables', () => {
    const channels = findEntity('channels')!;
    const ids = linkedIds(channels, {
      id: 'c',
      workspace_guid: 'w1',
      owner_guid: 'u1',
      json_collaborators: [{ user_id: 'u2', role: 'member', status: 'active' }, null, 'junk'],
    });
    expect(ids.get('workspaces')).toEqual(new Set(['w1']));
    expect(ids.get('users')).toEqual(new Set(['u1', 'u2']));
  });
});
