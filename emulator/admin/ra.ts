/** GET /admin/ra/{entity} and /admin/ra/{entity}/{id}: the react-admin simple-REST reads. */
import type { IncomingMessage } from 'node:http';
import { formatContentRange, parseListQuery } from '../../lib/upstream/contract';
import { HttpError, sendJson } from '../http';
import type { Route } from '../router';
import type { AdminContext } from './context';
import { findEntity, type Entity } from './entities';
import { parseRangeHeader } from './list-query';

export function raRoutes({ database }: AdminContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/admin\/ra\/([^/]+)$/,
      async handle({ req, res, context, params: [name = ''] }) {
        const entity = entityOrNotFound(name);
        const parsed = parseListQuery(context.url.searchParams);
        if (!parsed.ok) throw new HttpError(400, parsed.message, 'INVALID_PARAMETER');
        const query = parsed.query;
        const rangeHeader = headerValue(req, 'range');
        if (!query.range && rangeHeader) query.range = parseRangeHeader(rangeHeader, name);
        const { records, total, start } = entity.list(database.world, query);
        sendJson(res, 200, records, {
          'Content-Range': formatContentRange(name, start, records.length, total),
          'X-Total-Count': String(total),
        });
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/ra\/([^/]+)\/([^/]+)$/,
      async handle({ res, params: [name = '', id = ''] }) {
        const record = entityOrNotFound(name).get(database.world, id);
        if (!record) throw new HttpError(404, `no ${name} record with id "${id}"`, 'NOT_FOUND');
        sendJson(res, 200, record);
      },
    },
  ];
}

function entityOrNotFound(name: string): Entity {
  const entity = findEntity(name);
  if (!entity) throw new HttpError(404, `unknown entity "${name}"`, 'NOT_FOUND');
  return entity;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
