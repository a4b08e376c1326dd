import { describe, expect, it } from 'vitest';
import { describeRepair } from '@/lib/actions/structure';
import { widensMembership, widensVisibility } from '@/lib/upstream/contract';

describe('widensVisibility', () => {
  it('is true only when more people can read the channel after the change', () => {
    expect(widensVisibility('private', 'public')).toBe(true);
    expect(widensVisibility('private', 'workspace')).toBe(true);
    expect(widensVisibility('workspace', 'public')).toBe(true);
    expect(widensVisibility('public', 'private')).toBe(false);
    expect(widensVisibility('workspace', 'workspace')).toBe(false);
    expect(widensVisibility('public', 'workspace')).toBe(false);
  });

  it('counts an unknown current visibility as private: it asks rather than exposes', () => {
    expect(widensVisibility(null, 'workspace')).toBe(true);
    expect(widensVisibility('secret-club', 'public')).toBe(true);
    expect(widensVisibility(null, 'private')).toBe(false);
  });
});

describe('widensMembership', () => {
  const member = { role: 'member', status: 'active' };
  it('is true for a higher role or a membership made active again', () => {
    expect(widensMembership(member, { role: 'admin' })).toBe(true);
    expect(widensMembership(member, { role: 'owner' })).toBe(true);
    expect(widensMembership({ role: 'member', status: 'removed' }, { status: 'active' })).toBe(true);
    expect(widensMembership(null, { role: 'guest' })).toBe(false);
    expect(widensMembership(null, { status: 'active' })).toBe(true);
  });

  it('is false for a lower or equal role and for a membership made inactive', () => {
    expect(widensMembership({ role: 'admin', status: 'active' }, { role: 'guest' })).toBe(false);
    expect(widensMembership(member, { role: 'member' })).toBe(false);
    expect(widensMembership(member, { status: 'removed' })).toBe(false);
    expect(widensMembership(member, { status: 'active' })).toBe(false);
  });
});

describe('describeRepair', () => {
  it('words the report, the channels changed most first, bounded', () => {
    const changes = Array.from({ length: 23 }, (_, index) => ({
      channel_guid: `chn_${index}`,
      gaps: 0,
      duplicates: 1,
      missing: 0,
      renumbered: index + 1,
    }));
    const words = describeRepair({
      channels_checked: 1897,
      channels_repaired: 23,
      messages_renumbered: 276,
      changes,
    });
    expect(words).toMatch(
      /^Checked 1,897 channels, repaired 23, renumbered 276 messages \(messages renumbered per channel: chn_22: 23, chn_21: 22, /,
    );
    expect(words).toMatch(/chn_3: 4 and 3 more\)\.$/);
    expect(words).not.toContain('{');
  });

  it('says when nothing needed renumbering', () => {
    expect(describeRepair({ channels_checked: 5, channels_repaired: 0, messages_renumbered: 0, changes: [] })).toBe(
      'Checked 5 channels, repaired 0, renumbered 0 messages; nothing needed renumbering.',
    );
  });
});
