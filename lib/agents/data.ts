/**
 * The agents area's reads: every agent at the service (/admin/ra/agents) with its owner's and
 * workspaces' names (one batch read per entity, never one per row), the per-human rollup, one
 * agent's page, and the operator's own agents (/agents, the operator's scope).
 */
import 'server-only';
import { queryAudit } from '@/lib/audit/log';
import { getConsoleDb } from '@/lib/db';
import { toListQuery } from '@/lib/entities/list-params';
import type { ListState } from '@/lib/entities/list-state';
import { readTitles, type Titles } from '@/lib/entities/related';
import type { EntityView } from '@/lib/entities/types';
import { getOwnAgent, listOwnAgents } from '@/lib/upstream/agents';
import {
  type UpstreamClient,
  describeUpstreamError,
  isUpstreamError,
  type UpstreamFailure,
} from '@/lib/upstream/client';
import { agentSchema, messageSchema, type Agent, type Message } from '@/lib/upstream/contract';
import { getRecord, listRecords } from '@/lib/upstream/ra';
import { agentListQuery, type AgentPaging } from './paging';
import type { HumanRollupRow } from './rollup';

/** Names of linked records as a plain object (detail href to name), for client components. */
export type TitleRecord = Record<string, string>;
const asRecord = (titles: Titles): TitleRecord => Object.fromEntries(titles);

/** Owners' and workspaces' names of these agents, in one read per entity. */
async function namesOf(upstream: UpstreamClient, agents: readonly Agent[]): Promise<TitleRecord> {
  const ids = new Map<string, Set<string>>([
    ['users', new Set(agents.map((agent) => agent.creator_id).filter(Boolean))],
    ['workspaces', new Set(agents.flatMap((agent) => agent.workspace_guids ?? []))],
  ]);
  return asRecord(await readTitles(upstream, ids));
}

export interface AgentPage {
  rows: Agent[];
  total: number;
  titles: TitleRecord;
}

export async function readAgentPage(upstream: UpstreamClient, view: EntityView, state: ListState): Promise<AgentPage> {
  const page = await listRecords(upstream, 'agents', toListQuery(view, state), agentSchema);
  return { rows: page.rows, total: page.total, titles: await namesOf(upstream, page.rows) };
}

// ---------------------------------------------------------------------------------------------
// The per-human rollup

/** Agents read for the rollup at most; past this the page says the counts are partial. */
export const ROLLUP_MAX_AGENTS = 10_000;
const ROLLUP_PAGE = 1_000;

/** Every agent (up to the cap), grouped by its root human. */
export async function readAgentRollup(
  upstream: UpstreamClient,
): Promise<{ humans: HumanRollupRow[]; agentsRead: number; total: number; titles: TitleRecord }> {
  const read = (start: number) =>
    listRecords(
      upstream,
      'agents',
      { range: { start, end: start + ROLLUP_PAGE - 1 }, sort: { field: 'created_at', order: 'DESC' } },
      agentSchema,
    );
  const first = await read(0);
  const wanted = Math.min(first.total, ROLLUP_MAX_AGENTS);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, Math.ceil(wanted / ROLLUP_PAGE) - 1) }, (_, index) =>
      read((index + 1) * ROLLUP_PAGE),
    ),
  );
  const agents = [first, ...rest].flatMap((page) => page.rows).slice(0, wanted);
  const byHuman = new Map<string, HumanRollupRow>();
  for (const agent of agents) {
    const entry = byHuman.get(agent.creator_id) ?? {
      creatorId: agent.creator_id,
      agents: 0,
      deleted: 0,
      deletedShare: 0,
      newestAt: agent.created_at,
    };
    entry.agents += 1;
    if (agent.deleted_at) entry.deleted += 1;
    if (Date.parse(agent.created_at) > Date.parse(entry.newestAt)) entry.newestAt = agent.created_at;
    byHuman.set(agent.creator_id, entry);
  }
  const humans = [...byHuman.values()].map((entry) => ({ ...entry, deletedShare: entry.deleted / entry.agents }));
  const titles = asRecord(
    await readTitles(upstream, new Map([['users', new Set(humans.map((human) => human.creatorId))]])),
  );
  return { humans, agentsRead: agents.length, total: first.total, titles };
}

// ---------------------------------------------------------------------------------------------
// One agent

/** How the operator's own scope (/agents) sees an agent. */
export type OwnScope =
  | { kind: 'own'; agent: Agent }
  | { kind: 'forbidden'; failure: UpstreamFailure }
  | { kind: 'failed'; failure: UpstreamFailure };

export async function readOwnScope(upstream: UpstreamClient, id: string): Promise<OwnScope> {
  try {
    return { kind: 'own', agent: await getOwnAgent(upstream, id) };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    const failure = describeUpstreamError(error);
    return error.kind === 'forbidden' ? { kind: 'forbidden', failure } : { kind: 'failed', failure };
  }
}

/** Tokens minted for the agent through the console, from the audit log (never the token). */
export interface MintedTokenEntry {
  auditId: string;
  operatorEmail: string;
  at: string;
  /** When the token expires: the audit's completion plus the lifetime asked for. */
  expiresAt: string | null;
  outcome: string;
}

const RECENT_MESSAGES = 10;

export interface AgentDetail {
  agent: Agent;
  titles: TitleRecord;
  messages: Message[];
  messagesTotal: number;
  tokens: MintedTokenEntry[];
}

export async function readAgentDetail(upstream: UpstreamClient, id: string): Promise<AgentDetail> {
  const [agent, messages, tokens] = await Promise.all([
    getRecord(upstream, 'agents', id, agentSchema),
    listRecords(
      upstream,
      'messages',
      {
        range: { start: 0, end: RECENT_MESSAGES - 1 },
        sort: { field: 'message_ts', order: 'DESC' },
        filter: { creator_guid: id },
      },
      messageSchema,
    ),
    readMintedTokens(id),
  ]);
  return {
    agent,
    titles: await namesOf(upstream, [agent]),
    messages: messages.rows,
    messagesTotal: messages.total,
    tokens,
  };
}

async function readMintedTokens(agentId: string): Promise<MintedTokenEntry[]> {
  const db = await getConsoleDb();
  const { rows } = await queryAudit(db, { action: 'agent.mint_token', target: agentId }, { offset: 0, limit: 50 });
  return rows.map((row) => {
    const params = row.params && typeof row.params === 'object' && !Array.isArray(row.params) ? row.params : {};
    const lifetime = typeof params.expiresInSeconds === 'number' ? params.expiresInSeconds : null;
    const done = row.completedAt ?? row.occurredAt;
    return {
      auditId: row.id,
      operatorEmail: row.operatorEmail,
      at: row.occurredAt.toISOString(),
      expiresAt:
        row.outcome === 'ok' && lifetime !== null ? new Date(done.getTime() + lifetime * 1000).toISOString() : null,
      outcome: row.outcome,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The operator's own agents

export async function readOwnAgents(
  upstream: UpstreamClient,
  paging: AgentPaging,
): Promise<{ agents: Agent[]; total: number | null }> {
  const answer = await listOwnAgents(upstream, agentListQuery(paging));
  return { agents: answer.agents, total: answer.total ?? null };
}
