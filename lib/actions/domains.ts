/**
 * Domain writes (ops). Before each write the action reads what it depends on, so the service is
 * only asked for a change it can make: the workspace exists and is live, no other domain has the
 * name, and (edit, delete) the record is still what the operator saw. The audit row's params
 * hold the values before (`before`, checked against the service) and after (the fields).
 */
import { z } from 'zod';
import { findDomainByName, readDomain, readWorkspace } from '@/lib/domains/data';
import { domainFieldsSchema, domainSeenSchema, type DomainFields } from '@/lib/domains/form';
import { hostnameSchema } from '@/lib/domains/hostname';
import type { UpstreamClient } from '@/lib/upstream/client';
import { serviceIdSchema, type Domain } from '@/lib/upstream/contract';
import { createDomain, deleteDomain, updateDomain } from '@/lib/upstream/domains';
import { ActionRejectedError, defineAction } from './guard/define';

const domainId = serviceIdSchema('domain id');

/** Refused because another domain already has the name; the page links to it. */
export class DuplicateDomainError extends ActionRejectedError {
  constructor(readonly existing: Domain) {
    super(`${existing.domain} is already a domain (${existing.id}).`, undefined, {
      href: `/domains/${encodeURIComponent(existing.id)}`,
      label: `Open the existing domain ${existing.domain}`,
    });
    this.name = 'DuplicateDomainError';
  }
}

async function requireLiveWorkspace(upstream: UpstreamClient, workspaceGuid: string): Promise<void> {
  const workspace = await readWorkspace(upstream, workspaceGuid);
  if (!workspace)
    throw new ActionRejectedError(`There is no workspace ${workspaceGuid}. Check the id on the workspace's page.`);
  if (workspace.deleted_at)
    throw new ActionRejectedError(`Workspace ${workspaceGuid} is deleted: a domain needs a live workspace.`);
}

async function requireFreeName(upstream: UpstreamClient, domain: string, ownId: string | null): Promise<void> {
  const existing = await findDomainByName(upstream, domain);
  if (existing && existing.id !== ownId) throw new DuplicateDomainError(existing);
}

/** The record as it is now, refused when it is gone or no longer what the operator saw. */
async function requireUnchanged(
  upstream: UpstreamClient,
  id: string,
  seen: z.output<typeof domainSeenSchema>,
): Promise<Domain> {
  const current = await readDomain(upstream, id);
  if (!current) throw new ActionRejectedError(`Domain ${id} no longer exists. The list has been read again.`);
  if (current.domain !== seen.domain || current.workspace_guid !== seen.workspaceGuid) {
    throw new ActionRejectedError(
      `Domain ${id} changed since you opened it (now ${current.domain} in workspace ${current.workspace_guid}). Check it and try again.`,
    );
  }
  return current;
}

const write = (fields: DomainFields) => ({ domain: fields.domain, workspace_guid: fields.workspaceGuid });

export const createDomainAction = defineAction({
  name: 'domain.create',
  requiredRole: 'ops',
  input: domainFieldsSchema,
  target: (input) => ({ type: 'domain', ids: [input.domain] }),
  async run({ upstream }, input) {
    await requireLiveWorkspace(upstream, input.workspaceGuid);
    await requireFreeName(upstream, input.domain, null);
    return createDomain(upstream, write(input));
  },
});

export const updateDomainAction = defineAction({
  name: 'domain.update',
  requiredRole: 'ops',
  input: domainFieldsSchema.extend({ id: domainId, before: domainSeenSchema }),
  target: (input) => ({ type: 'domain', ids: [input.id] }),
  async run({ upstream }, input) {
    const current = await requireUnchanged(upstream, input.id, input.before);
    if (current.domain === input.domain && current.workspace_guid === input.workspaceGuid) {
      throw new ActionRejectedError('Nothing to change: the domain and workspace are as they were.');
    }
    if (current.workspace_guid !== input.workspaceGuid) await requireLiveWorkspace(upstream, input.workspaceGuid);
    if (current.domain !== input.domain) await requireFreeName(upstream, input.domain, input.id);
    return updateDomain(upstream, input.id, write(input));
  },
});

export const deleteDomainAction = defineAction({
  name: 'domain.delete',
  requiredRole: 'ops',
  input: z.object({
    id: domainId,
    /** The domain typed by the operator, in either form: it must name this record. */
    confirm: hostnameSchema,
    before: domainSeenSchema,
  }),
  target: (input) => ({ type: 'domain', ids: [input.id] }),
  async run({ upstream }, input) {
    if (input.confirm !== input.before.domain)
      throw new ActionRejectedError(`Type ${input.before.domain} to delete it.`);
    await requireUnchanged(upstream, input.id, input.before);
    return deleteDomain(upstream, input.id);
  },
});
