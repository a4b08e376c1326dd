/** One function per domain write of the spec (the reads are the generic /admin/ra ones, ra.ts). */
import type { UpstreamClient, UpstreamResponse } from './client';
import { pathSegment, type Domain, type DomainWrite } from './contract';
import { domainWriteResultSchema } from './contract/domains';
import { isUnreadableSuccess } from './client/errors';

const DOMAINS_PATH = '/admin/ra/domains';

/** A 2xx answer whose body is not JSON is done all the same (null: read the record back). */
async function written(call: Promise<UpstreamResponse<Domain | null>>): Promise<Domain | null> {
  try {
    return (await call).data;
  } catch (error) {
    if (isUnreadableSuccess(error)) return null;
    throw error;
  }
}

/** POST /admin/ra/domains. Not idempotent: a retry after a lost answer would be a duplicate. */
export function createDomain(client: UpstreamClient, write: DomainWrite) {
  return written(client.request({ method: 'POST', path: DOMAINS_PATH, body: write, schema: domainWriteResultSchema }));
}

/** PUT /admin/ra/domains/{id}: the same body twice leaves the same record. */
export function updateDomain(client: UpstreamClient, id: string, write: DomainWrite) {
  return written(
    client.request({
      method: 'PUT',
      path: `${DOMAINS_PATH}/${pathSegment(id)}`,
      body: write,
      schema: domainWriteResultSchema,
      idempotent: true,
    }),
  );
}

/** DELETE /admin/ra/domains/{id}. Not retried: a second delete of a gone record fails. */
export function deleteDomain(client: UpstreamClient, id: string) {
  return written(
    client.request({
      method: 'DELETE',
      path: `${DOMAINS_PATH}/${pathSegment(id)}`,
      schema: domainWriteResultSchema,
      idempotent: false,
    }),
  );
}
