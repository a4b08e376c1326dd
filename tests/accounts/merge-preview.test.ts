/** The merge preview's computation and its refusals (pure: no service). */
import { describe, expect, it } from 'vitest';
import {
  accountName,
  confirmationMatches,
  expectedAfterMerge,
  mergePreview,
  refuseMerge,
  type AccountFootprint,
  type MergeSide,
} from '@/lib/accounts/merge-preview';
import type { User } from '@/lib/upstream/contract';

const user = (id: string, extra: Partial<User> = {}): User => ({
  id,
  email: `${id}@example.com`,
  first_name: 'Ada',
  last_name: id,
  verified: true,
  account_type: 'human',
  merged_into: null,
  deleted_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const footprint = (extra: Partial<AccountFootprint> = {}): AccountFootprint => ({
  workspaceIds: [],
  workspaces: 0,
  workspacesOwned: 0,
  channelIds: [],
  channels: 0,
  channelsOwned: 0,
  messages: 0,
  agents: 0,
  ...extra,
});

const side = (u: User, f: AccountFootprint = footprint()): MergeSide => ({ user: u, plan: null, footprint: f });

describe('refusals', () => {
  it('refuses merging an account into itself, whatever else is known', () => {
    expect(refuseMerge('usr_a', 'usr_a', user('usr_a'), user('usr_a'))?.code).toBe('same');
    expect(refuseMerge(' usr_a', 'usr_a ', undefined, undefined)?.code).toBe('same');
    expect(mergePreview('usr_a', 'usr_a', undefined, undefined)).toMatchObject({
      ok: false,
      refusal: { code: 'same' },
    });
  });

  it('refuses unknown accounts, naming which side', () => {
    expect(refuseMerge('usr_a', 'usr_b', undefined, user('usr_b'))).toEqual({
      code: 'unknown',
      message: expect.stringContaining('fold (usr_a)'),
    });
    expect(refuseMerge('usr_a', 'usr_b', user('usr_a'), undefined)).toEqual({
      code: 'unknown',
      message: expect.stringContaining('keep (usr_b)'),
    });
  });

  it('refuses already-merged accounts, and points a merged target at its successor', () => {
    expect(refuseMerge('usr_a', 'usr_b', user('usr_a', { merged_into: 'usr_c' }), user('usr_b'))?.code).toBe('merged');
    const target = refuseMerge('usr_a', 'usr_b', user('usr_a'), user('usr_b', { merged_into: 'usr_c' }));
    expect(target).toMatchObject({
      code: 'merged',
      message: expect.stringContaining('merge into that account instead'),
    });
  });

  it('refuses deleted accounts and agents', () => {
    expect(
      refuseMerge('usr_a', 'usr_b', user('usr_a', { deleted_at: '2026-02-01T00:00:00.000Z' }), user('usr_b'))?.code,
    ).toBe('deleted');
    expect(refuseMerge('usr_a', 'usr_b', user('usr_a'), user('usr_b', { account_type: 'agent' }))?.code).toBe('agent');
  });

  it('accepts two live people', () => {
    expect(refuseMerge('usr_a', 'usr_b', user('usr_a'), user('usr_b'))).toBeNull();
  });
});

describe('the preview', () => {
  it('spells out the direction with names and e-mails', () => {
    const result = mergePreview('usr_a', 'usr_b', side(user('usr_a')), side(user('usr_b')));
    expect(result.ok && result.preview.direction).toBe(
      'Ada usr_a (usr_a@example.com) will be merged into Ada usr_b (usr_b@example.com); Ada usr_a (usr_a@example.com) stops existing.',
    );
    expect(result.ok && result.preview.confirmation).toBe('usr_a@example.com');
  });

  it('adds up owned records and messages, and unites memberships', () => {
    const source = footprint({
      workspaceIds: ['w1', 'w2'],
      workspaces: 2,
      workspacesOwned: 1,
      channelIds: ['c1'],
      channels: 1,
      channelsOwned: 1,
      messages: 10,
      agents: 2,
    });
    const target = footprint({
      workspaceIds: ['w2', 'w3'],
      workspaces: 2,
      channelIds: ['c2', 'c3'],
      channels: 2,
      channelsOwned: 2,
      messages: 5,
      agents: 1,
    });
    expect(expectedAfterMerge(source, target)).toEqual({
      workspaceIds: ['w2', 'w3', 'w1'],
      workspaces: 3,
      workspacesOwned: 1,
      channelIds: ['c2', 'c3', 'c1'],
      channels: 3,
      channelsOwned: 3,
      messages: 15,
      agents: 3,
    });
  });

  it('counts memberships beyond a listed page as added', () => {
    const source = footprint({ workspaceIds: ['w1'], workspaces: 5 });
    expect(expectedAfterMerge(source, footprint()).workspaces).toBe(5);
  });

  it('confirms only with the folded account e-mail, ignoring case and spaces', () => {
    const result = mergePreview('usr_a', 'usr_b', side(user('usr_a')), side(user('usr_b')));
    if (!result.ok) throw new Error('expected a preview');
    expect(confirmationMatches('  USR_A@example.com ', result.preview)).toBe(true);
    expect(confirmationMatches('usr_b@example.com', result.preview)).toBe(false);
    expect(confirmationMatches('', result.preview)).toBe(false);
  });

  it('names an account by name and e-mail, else whichever exists', () => {
    expect(accountName({ id: 'u', email: '', first_name: null, last_name: null })).toBe('u');
    expect(accountName({ id: 'u', email: 'e@x', first_name: ' ', last_name: null })).toBe('e@x');
  });
});
