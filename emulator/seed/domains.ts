/** Domains claimed by workspaces: lowercase hostnames, unique, one IDN in its ASCII form. */
import { DAY_MS, type SeedContext } from './context';
import { ORGANISATIONS } from './names';
import { idFactory, randomFor } from './random';
import type { WorkspaceRow } from './workspaces';

export interface DomainRow {
  id: string;
  /** Lowercase hostname. */
  domain: string;
  workspace_guid: string;
  /** Epoch milliseconds (ISO 8601 on the wire). */
  created_at: number;
  updated_at: number | null;
}

export const DOMAIN_ID_PREFIX = 'dom_';

const SUFFIXES = ['example.com', 'example.org', 'example.net', 'example'] as const;

export function generateDomains(context: SeedContext, workspaces: readonly WorkspaceRow[]): DomainRow[] {
  const random = randomFor(context.seed, 'domains');
  const newId = idFactory(random, DOMAIN_ID_PREFIX);
  const live = workspaces.filter((workspace) => workspace.deleted_at === null && workspace.type_cd !== 'agent');
  const used = new Set<string>();
  const domains: DomainRow[] = [];
  for (let index = 0; index < context.preset.domainCount; index++) {
    const workspace = random.pick(live);
    const organisation = random
      .pick(ORGANISATIONS)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    let domain =
      index === 0
        ? 'xn--bcher-kva.example'
        : `${random.chance(0.2) ? 'mail.' : ''}${organisation}.${random.pick(SUFFIXES)}`;
    for (let n = 2; used.has(domain); n++) domain = `${organisation}${n}.${random.pick(SUFFIXES)}`;
    used.add(domain);
    const created = random.int(workspace.created_ts, context.reference);
    domains.push({
      id: newId(),
      domain,
      workspace_guid: workspace.id,
      created_at: created,
      updated_at: random.chance(0.5) ? null : Math.min(context.reference, created + random.int(0, 30) * DAY_MS),
    });
  }
  return domains;
}
