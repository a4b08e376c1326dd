import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, findNavItem } from '@/components/shell/nav-items';
import { setMessageStatusAction } from '@/lib/actions/messages';
import { permissionFor, permissionsFor } from '@/lib/auth/roles';
import { MESSAGE_ACTIONS, USER_ACTIONS } from '@/lib/entities/record-actions';
import { ENTITIES, auditTargetType } from '@/lib/entities/registry';

describe('the sidebar', () => {
  it('has one entry per registry entity, from its declaration, among the other areas', () => {
    for (const entity of ENTITIES) {
      expect(findNavItem(entity.name)).toMatchObject({
        href: `/${entity.name}`,
        label: entity.label,
        built: true,
        icon: entity.nav.icon,
      });
    }
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Dashboard',
      'Stuck messages',
      'Incidents',
      'Rules',
      'Messages',
      'Users',
      'Workspaces',
      'Channels',
      'Notifications',
      'Domains',
      'Agents',
      'Statistics',
      'Bulk jobs',
      'Approvals',
      'Audit log',
      'Operators',
      'Notification channels',
    ]);
    expect(new Set(NAV_ITEMS.map((item) => item.href)).size).toBe(NAV_ITEMS.length);
  });
});

describe('what a role may do', () => {
  it('follows each action definition’s own required role', () => {
    expect(permissionFor('ops', setMessageStatusAction)).toEqual({ allowed: true });
    expect(permissionFor('support', setMessageStatusAction)).toEqual({
      allowed: false,
      reason: `Needs the ${setMessageStatusAction.requiredRole} role; you are support.`,
    });
    const viewer = permissionsFor('viewer', MESSAGE_ACTIONS);
    expect(Object.keys(viewer)).toEqual(Object.keys(MESSAGE_ACTIONS));
    expect(Object.values(viewer).every((permission) => !permission.allowed)).toBe(true);
    const support = permissionsFor('support', { ...MESSAGE_ACTIONS, ...USER_ACTIONS });
    expect(
      support.reprocess.allowed &&
        support.createMp3.allowed &&
        support.recreateWaveform.allowed &&
        support.markVerified.allowed,
    ).toBe(true);
    expect(support.setStatus.allowed).toBe(false);
  });

  it('registers every record action of an entity under its registry entry', () => {
    expect(ENTITIES.find((entity) => entity.name === 'messages')?.actions).toBe(MESSAGE_ACTIONS);
    expect(ENTITIES.find((entity) => entity.name === 'users')?.actions).toBe(USER_ACTIONS);
  });
});

describe('the audit history of a record', () => {
  it('asks for the target type its actions write', () => {
    const messages = ENTITIES.find((entity) => entity.name === 'messages')!;
    const users = ENTITIES.find((entity) => entity.name === 'users')!;
    for (const action of Object.values(MESSAGE_ACTIONS)) {
      expect(action.target({ messageGuid: 'msg_1', status: 'active' }).type).toBe(auditTargetType(messages));
    }
    expect(USER_ACTIONS.markVerified.target({ userId: 'usr_1' }).type).toBe(auditTargetType(users));
  });
});
