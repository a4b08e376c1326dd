/**
 * oidc-provider's storage (grants, codes, tokens, sessions, interactions) kept in memory, one
 * store per emulator instance. Unlike the library's quick-start adapter it has no size cap
 * (benchmarks mint many tokens) and prints no development warning. `revokeAccount` ends every
 * grant of an account at once (POST /__control/revoke-grants).
 */
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface StoredEntry {
  payload: AdapterPayload;
  /** Epoch milliseconds; Infinity when the model has no expiry. */
  expiresAt: number;
}

/** Models whose entries carry a grantId and are revoked together with their grant. */
const GRANT_BOUND_MODELS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

const SWEEP_EVERY_WRITES = 1000;
const GRANT_KEY_PREFIX = 'Grant:';

export interface MemoryStore {
  adapter: AdapterFactory;
  /** Removes every grant of the account, everything issued under them and its sessions; returns the grant count. */
  revokeAccount(accountId: string): number;
}

export function createMemoryStore(): MemoryStore {
  const entries = new Map<string, StoredEntry>();
  const keysByGrant = new Map<string, Set<string>>();
  const sessionKeyByUid = new Map<string, string>();
  const keyByUserCode = new Map<string, string>();
  let writes = 0;

  const remove = (key: string): void => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const { grantId, uid, userCode } = entry.payload;
    if (grantId) keysByGrant.get(grantId)?.delete(key);
    if (uid && sessionKeyByUid.get(uid) === key) sessionKeyByUid.delete(uid);
    if (userCode && keyByUserCode.get(userCode) === key) keyByUserCode.delete(userCode);
  };
  const live = (key: string | undefined): AdapterPayload | undefined => {
    if (key === undefined) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      remove(key);
      return undefined;
    }
    return entry.payload;
  };
  const sweep = (): void => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) remove(key);
    for (const [grantId, keys] of keysByGrant) if (keys.size === 0) keysByGrant.delete(grantId);
  };

  const revokeAccount = (accountId: string): number => {
    const grantIds = new Set<string>();
    const sessions: string[] = [];
    for (const [key, { payload }] of entries) {
      if (payload.accountId !== accountId) continue;
      if (key.startsWith(GRANT_KEY_PREFIX)) grantIds.add(key.slice(GRANT_KEY_PREFIX.length));
      if (payload.grantId) grantIds.add(payload.grantId);
      if (key.startsWith('Session:')) sessions.push(key);
    }
    for (const grantId of grantIds) {
      for (const key of [...(keysByGrant.get(grantId) ?? [])]) remove(key);
      keysByGrant.delete(grantId);
      remove(`${GRANT_KEY_PREFIX}${grantId}`);
    }
    for (const key of sessions) remove(key);
    return grantIds.size;
  };

  const adapter = (model: string): Adapter => {
    const keyFor = (id: string): string => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyFor(id);
        remove(key);
        const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity;
        entries.set(key, { payload, expiresAt });
        if (payload.grantId && GRANT_BOUND_MODELS.has(model)) {
          const keys = keysByGrant.get(payload.grantId) ?? new Set<string>();
          keys.add(key);
          keysByGrant.set(payload.grantId, keys);
        }
        if (model === 'Session' && payload.uid) sessionKeyByUid.set(payload.uid, key);
        if (payload.userCode) keyByUserCode.set(payload.userCode, key);
        if (++writes % SWEEP_EVERY_WRITES === 0) sweep();
      },
      async find(id) {
        return live(keyFor(id));
      },
      async findByUid(uid) {
        return live(sessionKeyByUid.get(uid));
      },
      async findByUserCode(userCode) {
        return live(keyByUserCode.get(userCode));
      },
      async consume(id) {
        const payload = live(keyFor(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        remove(keyFor(id));
      },
      async revokeByGrantId(grantId) {
        const keys = keysByGrant.get(grantId);
        if (!keys) return;
        for (const key of [...keys]) if (key.startsWith(`${model}:`)) remove(key);
      },
    };
  };
  return { adapter, revokeAccount };
}
