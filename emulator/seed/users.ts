/**
 * Users: the demo accounts, a handful of users with hostile or awkward content (markup, script
 * URLs, right-to-left text, emoji, a 5,000-character name, nulls) and generated people and
 * agents up to the preset's count. Timestamps are epoch milliseconds.
 */
import { hashPassword } from '../passwords';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { AGENT_PURPOSES, AGENT_ROLES, EMAIL_DOMAINS, FIRST_NAMES, IDP_PROVIDERS, LAST_NAMES } from './names';
import { randomFor, type Random } from './random';
import { DAY_MS, HISTORY_DAYS, type SeedContext } from './context';

/** A row of `users`: the fields of the contract's `userSchema`; agents are users too. */
export interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  image_url: string | null;
  phone: string | null;
  verified: boolean;
  account_type: 'human' | 'agent';
  idp_provider: string | null;
  merged_into: string | null;
  /** For agents: the root human owner. */
  creator_id: string | null;
  created_at: number;
  last_active_at: number | null;
  /** Soft deletion (agents deleted through DELETE /agents/{id}). */
  deleted_at: number | null;
}

/** Who can sign in (keyed by the user's id), and whether `admin` may be granted. */
export interface SignInAccountRow {
  id: string;
  password_hash: string;
  admin_allowed: boolean;
}

const USER_ID_PREFIX = 'usr_';

/** Content that must reach the console as text and never as markup or a live link. */
const HOSTILE_USERS: ReadonlyArray<
  Omit<UserRow, 'id' | 'created_at' | 'last_active_at' | 'creator_id' | 'merged_into' | 'deleted_at'>
> = [
  {
    email: 'xss.probe@example.com',
    first_name: '<img src=x onerror=alert(1)>',
    last_name: '<script>alert(1)</script>',
    image_url: 'javascript:alert(1)',
    phone: '+15550100001',
    verified: true,
    account_type: 'human',
    idp_provider: null,
  },
  {
    email: 'bobby.tables@example.org',
    first_name: "Robert'); DROP TABLE users;--",
    last_name: '"Bobby" Tables',
    image_url: 'data:text/html,<script>alert(document.cookie)</script>',
    phone: null,
    verified: false,
    account_type: 'human',
    idp_provider: 'okta',
  },
  {
    email: 'maryam.alali@example.net',
    first_name: 'مريم',
    last_name: 'العلي',
    image_url: null,
    phone: '+97150000001',
    verified: true,
    account_type: 'human',
    idp_provider: 'google-workspace',
  },
  {
    email: 'bidi.override@example.com',
    first_name: 'יעל',
    // U+202E reverses what follows: renders as "exe.gnp" spoofing.
    last_name: 'Levi \u202Egnp.exe',
    image_url: 'https://images.example.com/avatars/bidi.png',
    phone: null,
    verified: true,
    account_type: 'human',
    idp_provider: null,
  },
  {
    email: 'emoji.fan@example.com',
    first_name: '🎙️ Voice',
    last_name: 'Fan 👩🏽‍💻🚀',
    image_url: null,
    phone: null,
    verified: true,
    account_type: 'human',
    idp_provider: null,
  },
  {
    email: 'long.name@example.com',
    first_name: 'Wolfeschlegelsteinhausenbergerdorff',
    last_name: 'Longname'.repeat(625),
    image_url: `https://images.example.com/avatars/${'x'.repeat(2000)}.png`,
    phone: null,
    verified: false,
    account_type: 'human',
    idp_provider: null,
  },
  {
    email: 'no.name@example.com',
    first_name: null,
    last_name: null,
    image_url: null,
    phone: null,
    verified: false,
    account_type: 'human',
    idp_provider: null,
  },
  {
    email: 'whitespace@example.com',
    first_name: '  Padded  ',
    last_name: 'Zero\u200BWidth',
    image_url: '',
    phone: '',
    verified: true,
    account_type: 'human',
    idp_provider: 'azure-ad',
  },
];

export function generateUsers(context: SeedContext): { users: UserRow[]; signInAccounts: SignInAccountRow[] } {
  const random = randomFor(context.seed, 'users');
  const { reference } = context;
  const users: UserRow[] = [];
  const usedIds = new Set<string>();
  const usedEmails = new Set<string>();
  const add = (user: UserRow): UserRow => {
    usedIds.add(user.id);
    usedEmails.add(user.email);
    users.push(user);
    return user;
  };
  const newId = (): string => {
    for (;;) {
      const id = USER_ID_PREFIX + random.hex(20);
      if (!usedIds.has(id)) return id;
    }
  };
  const createdAt = (): number => reference - random.int(1 * DAY_MS, HISTORY_DAYS * DAY_MS);
  const lastActiveAfter = (created: number): number => random.int(created, reference);

  const signInAccounts: SignInAccountRow[] = [];
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    add({
      id: account.id,
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
      image_url: null,
      phone: null,
      verified: true,
      account_type: 'human',
      idp_provider: null,
      merged_into: null,
      creator_id: null,
      created_at: reference - HISTORY_DAYS * DAY_MS,
      last_active_at: reference - 60 * 60 * 1000,
      deleted_at: null,
    });
    signInAccounts.push({
      id: account.id,
      password_hash: hashPassword(DEMO_PASSWORD, 'salt' in account ? account.salt : random.hex(32)),
      admin_allowed: account.adminAllowed,
    });
  }

  for (const hostile of HOSTILE_USERS) {
    const created = createdAt();
    add({
      ...hostile,
      id: newId(),
      merged_into: null,
      creator_id: null,
      created_at: created,
      last_active_at: hostile.first_name === null ? null : lastActiveAfter(created),
      deleted_at: null,
    });
  }

  const humans: UserRow[] = [];
  while (users.length < context.preset.userCount) {
    const created = createdAt();
    const lastActive = random.chance(0.85) ? lastActiveAfter(created) : null;
    if (humans.length >= 5 && random.chance(0.08)) {
      add(generateAgent(random, newId(), humans, usedEmails, created, lastActive));
      continue;
    }
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const id = newId();
    const mergeTarget = humans.length >= 5 && random.chance(0.03) ? random.pick(humans) : null;
    humans.push(
      add({
        id,
        email: uniqueEmail(`${emailPart(firstName)}.${emailPart(lastName)}`, random.pick(EMAIL_DOMAINS), usedEmails),
        first_name: firstName,
        last_name: lastName,
        image_url: random.chance(0.6) ? `https://images.example.com/avatars/${id}.png` : null,
        phone: random.chance(0.55) ? `+1555${random.int(1000000, 9999999)}` : null,
        verified: mergeTarget === null && random.chance(0.8),
        account_type: 'human',
        idp_provider: random.chance(0.2) ? random.pick(IDP_PROVIDERS) : null,
        merged_into: mergeTarget?.id ?? null,
        creator_id: null,
        created_at: created,
        last_active_at: lastActive,
        deleted_at: null,
      }),
    );
  }
  return { users, signInAccounts };
}

function generateAgent(
  random: Random,
  id: string,
  humans: readonly UserRow[],
  usedEmails: ReadonlySet<string>,
  created: number,
  lastActive: number | null,
): UserRow {
  const owner = random.pick(humans);
  const purpose = random.pick(AGENT_PURPOSES);
  const role = random.pick(AGENT_ROLES);
  // An agent cannot predate its owner.
  const agentCreated = created < owner.created_at ? owner.created_at : created;
  return {
    id,
    email: uniqueEmail(`agent.${emailPart(purpose)}-${emailPart(role)}`, 'agents.example.com', usedEmails),
    first_name: `${purpose} ${role}`,
    last_name: null,
    image_url: null,
    phone: null,
    verified: true,
    account_type: 'agent',
    idp_provider: null,
    merged_into: null,
    creator_id: owner.id,
    created_at: agentCreated,
    last_active_at: lastActive !== null && lastActive < agentCreated ? agentCreated : lastActive,
    deleted_at: null,
  };
}

/** ASCII, lower case, letters and digits only: "Lefèvre" -> "lefevre", "O'Brien" -> "obrien". */
function emailPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function uniqueEmail(local: string, domain: string, used: ReadonlySet<string>): string {
  let candidate = `${local}@${domain}`;
  for (let n = 2; used.has(candidate); n++) candidate = `${local}${n}@${domain}`;
  return candidate;
}
