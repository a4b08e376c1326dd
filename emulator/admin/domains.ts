/** POST /admin/ra/domains, PUT and DELETE /admin/ra/domains/{id}: each answers the domain record. */
import { domainSchema, domainWriteSchema } from '../../lib/upstream/contract';
import { parseInput, readJsonBody, sendValidated } from '../http';
import { createDomain, deleteDomain, updateDomain } from '../model/domains';
import { domainRecord } from '../model/records';
import type { Route } from '../router';
import type { AdminContext } from './context';

export function domainRoutes({ database }: AdminContext): Route[] {
  return [
    {
      method: 'POST',
      pattern: /^\/admin\/ra\/domains$/,
      async handle({ req, res }) {
        const write = parseInput(domainWriteSchema, await readJsonBody(req), 'body');
        sendValidated(res, domainSchema, domainRecord(createDomain(database.world, write, Date.now())));
      },
    },
    {
      method: 'PUT',
      pattern: /^\/admin\/ra\/domains\/([^/]+)$/,
      async handle({ req, res, params: [id = ''] }) {
        const write = parseInput(domainWriteSchema, await readJsonBody(req), 'body');
        sendValidated(res, domainSchema, domainRecord(updateDomain(database.world, id, write, Date.now())));
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/admin\/ra\/domains\/([^/]+)$/,
      async handle({ res, params: [id = ''] }) {
        sendValidated(res, domainSchema, domainRecord(deleteDomain(database.world, id)));
      },
    },
  ];
}
