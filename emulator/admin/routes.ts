/** The /admin routes (after authentication, see guard.ts). */
import type { IncomingMessage } from 'node:http';
import { formatContentRange, parseListQuery } from '../../lib/upstream/contract';
import type { EmulatorDatabase } from '../db';
import { HttpError, sendJson } from '../http';
import type { Route } from '../router';
import { findEntity, type EntityDefinition } from './entities';
import { buildListSql, parseRangeHeader } from './list-query';

export function adminRoutes(database: EmulatorDatabase): Route[] {
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
        const sql = buildListSql(entity, query);
        const db = database.sql;
        const [count, page] = await Promise.all([
          db.query<{ total: number }>(sql.countSql, sql.countParams),
          db.query<Record<string, unknown>>(sql.pageSql, sql.pageParams),
        ]);
        const total = count.rows[0]?.total ?? 0;
        const records = page.rows.map((row) => toRecord(entity, row));
        sendJson(res, 200, records, {
          'Content-Range': formatContentRange(name, sql.start, records.length, total),
          'X-Total-Count': String(total),
        });
      },
    },
    {
      method: 'GET',
      pattern: /^\/admin\/ra\/([^/]+)\/([^/]+)$/,
      async handle({ res, params: [name = '', id = ''] }) {
        const entity = entityOrNotFound(name);
        const columns = Object.keys(entity.columns).map((column) => `"${column}"`).join(', ');
        const { rows } = await database.sql.query<Record<string, unknown>>(
          `SELECT ${columns} FROM "${entity.table}" WHERE "id" = $1`,
          [id],
        );
        if (!rows[0]) throw new HttpError(404, `no ${name} record with id "${id}"`, 'NOT_FOUND');
        sendJson(res, 200, toRecord(entity, rows[0]));
      },
    },
  ];
}

function entityOrNotFound(name: string): EntityDefinition {
  const entity = findEntity(name);
  if (!entity) throw new HttpError(404, `unknown entity "${name}"`, 'NOT_FOUND');
  return entity;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Dates as ISO 8601 strings, then checked against the contract. */
function toRecord(entity: EntityDefinition, row: Record<string, unknown>): unknown {
  const record = Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
  return entity.recordSchema.parse(record);
}
