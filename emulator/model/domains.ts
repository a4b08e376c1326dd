/**
 * Domains claimed by workspaces. Rules: a syntactically valid hostname (letters, digits and
 * hyphens in labels of 1-63 characters, at least two labels, 253 characters at most, a
 * non-numeric top-level label), written in lowercase (IDNs in their ASCII `xn--` form), claimed
 * by one workspace only, and that workspace must exist and not be deleted.
 */
import { randomBytes } from 'node:crypto';
import type { DomainWrite } from '../../lib/upstream/contract';
import { HttpError } from '../http';
import { DOMAIN_ID_PREFIX, type DomainRow } from '../seed/domains';
import type { World } from './world';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Why the name is not an acceptable hostname, or null when it is. */
export function hostnameProblem(name: string): string | null {
  if (name !== name.toLowerCase()) return 'must be lowercase';
  if (name.length > 253) return 'must be at most 253 characters';
  const labels = name.split('.');
  if (labels.length < 2) return 'must have at least two labels (like example.com)';
  if (!labels.every((label) => LABEL.test(label))) {
    return 'must be labels of 1 to 63 letters, digits or inner hyphens, separated by dots';
  }
  if (/^\d+$/.test(labels.at(-1) as string)) return 'must not end in a numeric label';
  return null;
}

export function requireDomain(world: World, id: string): DomainRow {
  const domain = world.domains.get(id);
  if (!domain) throw new HttpError(404, `no domain with id "${id}"`, 'NOT_FOUND');
  return domain;
}

function checkWrite(world: World, write: DomainWrite, ownId: string | null): void {
  const problem = hostnameProblem(write.domain);
  if (problem) throw new HttpError(400, `domain: ${problem}`, 'INVALID_DOMAIN');
  const workspace = world.workspaces.get(write.workspace_guid);
  if (!workspace)
    throw new HttpError(400, `workspace_guid: no workspace "${write.workspace_guid}"`, 'UNKNOWN_WORKSPACE');
  if (workspace.deleted_at !== null) {
    throw new HttpError(400, `workspace_guid: workspace "${write.workspace_guid}" is deleted`, 'UNKNOWN_WORKSPACE');
  }
  const claimed = [...world.domains.where('domain', write.domain)].find((domain) => domain.id !== ownId);
  if (claimed) {
    throw new HttpError(409, `domain: "${write.domain}" is already claimed (domain ${claimed.id})`, 'DUPLICATE_DOMAIN');
  }
}

export function createDomain(world: World, write: DomainWrite, now: number): DomainRow {
  checkWrite(world, write, null);
  const id = `${DOMAIN_ID_PREFIX}${randomBytes(10).toString('hex')}`;
  const row: DomainRow = {
    id,
    domain: write.domain,
    workspace_guid: write.workspace_guid,
    created_at: now,
    updated_at: null,
  };
  world.domains.insert(row);
  return row;
}

export function updateDomain(world: World, id: string, write: DomainWrite, now: number): DomainRow {
  const domain = requireDomain(world, id);
  checkWrite(world, write, id);
  world.domains.update(domain, { domain: write.domain, workspace_guid: write.workspace_guid, updated_at: now });
  return domain;
}

export function deleteDomain(world: World, id: string): DomainRow {
  const domain = requireDomain(world, id);
  world.domains.delete(domain);
  return domain;
}
