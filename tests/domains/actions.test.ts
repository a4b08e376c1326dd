/**
 * The domain actions' checks before a write, against the emulator: a duplicate (in any case or
 * form) is refused with the existing domain and nothing is sent; the workspace must exist; an
 * edit of a record that changed since it was opened is refused; a delete needs the name typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionRejectedError, type ActionContext } from '@/lib/actions/guard/define';
import {
  createDomainAction,
  deleteDomainAction,
  DuplicateDomainError,
  updateDomainAction,
} from '@/lib/actions/domains';
import type { ConsoleDb } from '@/lib/db';
import { UpstreamClient } from '@/lib/upstream/client';
import { domainSchema, workspaceListSchema, type Domain } from '@/lib/upstream/contract';
import type { RunningEmulator } from '../../emulator/server';
import { benchToken, startTestEmulator } from '../support/emulator';

let emulator: RunningEmulator;
let context: ActionContext;
let workspaceGuid: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  const token = (await benchToken(emulator)).access_token;
  const upstream = new UpstreamClient({
    baseUrl: emulator.url,
    accessToken: token,
    readRetries: 0,
    log: () => undefined,
  });
  // These actions use only the service; the console database is not touched.
  context = {
    operator: {
      id: 'usr_ops',
      email: 'ops@example.com',
      name: 'Ops',
      scopes: ['admin'],
      hasAdminScope: true,
      role: 'ops',
    },
    upstream,
    db: {} as ConsoleDb,
    roleSettings: { bootstrap: new Map(), source: 'database' },
  };
  const workspaces = (
    await upstream.request({
      method: 'GET',
      path: '/admin/ra/workspaces',
      query: { range: '[0,49]' },
      schema: workspaceListSchema,
    })
  ).data;
  workspaceGuid = workspaces.find((workspace) => !workspace.deleted_at)!.id;
});

afterAll(async () => {
  await emulator?.stop();
});

/** Writes to /admin/ra/domains the service saw while `fn` ran. */
async function writesDuring(fn: () => Promise<unknown>): Promise<number> {
  const count = () =>
    emulator.requestLog.list().filter((entry) => entry.path.startsWith('/admin/ra/domains') && entry.method !== 'GET')
      .length;
  const before = count();
  await fn().catch(() => undefined);
  return count() - before;
}

async function create(domain: string): Promise<Domain> {
  const input = createDomainAction.input.parse({ domain, workspaceGuid });
  return domainSchema.parse(await createDomainAction.run(context, input));
}

describe('domain actions', () => {
  it('refuse a duplicate, typed in capitals or in Unicode, naming the existing domain, with no write', async () => {
    const existing = await create('bücher-dup.example');
    expect(existing.domain).toBe('xn--bcher-dup-q9a.example');
    for (const typed of ['BÜCHER-DUP.example', 'xn--bcher-dup-q9a.example']) {
      const input = createDomainAction.input.parse({ domain: typed, workspaceGuid });
      let caught: unknown;
      expect(
        await writesDuring(() =>
          createDomainAction.run(context, input).catch((error: unknown) => {
            caught = error;
            throw error;
          }),
        ),
      ).toBe(0);
      expect(caught).toBeInstanceOf(DuplicateDomainError);
      expect((caught as DuplicateDomainError).existing.id).toBe(existing.id);
    }
  });

  it('refuse a workspace that does not exist, with no write', async () => {
    const input = createDomainAction.input.parse({ domain: 'nowhere.example', workspaceGuid: 'wsp_does_not_exist' });
    await expect(createDomainAction.run(context, input)).rejects.toThrow(/There is no workspace wsp_does_not_exist/);
    expect(await writesDuring(() => createDomainAction.run(context, input))).toBe(0);
  });

  it('refuse an edit of a record that changed since it was opened, and a rename onto another domain', async () => {
    const first = await create('first-edit.example');
    const second = await create('second-edit.example');
    const stale = updateDomainAction.input.parse({
      id: first.id,
      domain: 'third-edit.example',
      workspaceGuid,
      before: { domain: 'not-what-it-was.example', workspaceGuid },
    });
    await expect(updateDomainAction.run(context, stale)).rejects.toThrow(/changed since you opened it/);
    const onto = updateDomainAction.input.parse({
      id: first.id,
      domain: second.domain,
      workspaceGuid,
      before: { domain: first.domain, workspaceGuid },
    });
    await expect(updateDomainAction.run(context, onto)).rejects.toBeInstanceOf(DuplicateDomainError);
    expect(await writesDuring(() => updateDomainAction.run(context, onto))).toBe(0);
  });

  it('delete only when the typed name is the domain', async () => {
    const target = await create('typed-delete.example');
    const wrong = deleteDomainAction.input.parse({
      id: target.id,
      confirm: 'other.example',
      before: { domain: target.domain, workspaceGuid },
    });
    await expect(deleteDomainAction.run(context, wrong)).rejects.toBeInstanceOf(ActionRejectedError);
    expect(await writesDuring(() => deleteDomainAction.run(context, wrong))).toBe(0);
    const right = deleteDomainAction.input.parse({
      id: target.id,
      confirm: 'TYPED-DELETE.example',
      before: { domain: target.domain, workspaceGuid },
    });
    expect(await writesDuring(() => deleteDomainAction.run(context, right))).toBe(1);
  });
});
