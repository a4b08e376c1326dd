/** Shared by the emulator's API tests: calls with a token, error assertions, list reads. */
import { expect } from 'vitest';
import type { z } from 'zod';
import {
  encodeListQuery,
  errorBodySchema,
  parseContentRangeTotal,
  REQUEST_ID_HEADER,
  type ListQuery,
} from '../../lib/upstream/contract';
import type { RunningEmulator } from '../../emulator/server';
import { CONTROL_HEADERS } from '../../emulator/control';

export interface ApiClient {
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** GET, expecting 200 and a body the schema accepts. */
  read<T>(path: string, schema: z.ZodType<T>): Promise<T>;
  /** A list read: the rows (parsed with the schema) and the total of Content-Range. */
  list<T>(
    entity: string,
    query: ListQuery,
    schema: z.ZodType<T>,
  ): Promise<{ rows: T[]; total: number; response: Response }>;
  /** A call expecting 200 and a body the schema accepts. */
  call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T>;
}

export function apiClient(emulator: RunningEmulator, token: string): ApiClient {
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(new URL(path, emulator.url), {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  const call = async <T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> => {
    const response = await request(method, path, body);
    const json: unknown = await response.json();
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return schema.parse(json);
  };
  return {
    request,
    get: (path, headers) => request('GET', path, undefined, headers),
    read: (path, schema) => call('GET', path, schema),
    call,
    async list(entity, query, schema) {
      const response = await request('GET', `/admin/ra/${entity}?${encodeListQuery(query)}`);
      const json: unknown = await response.json();
      if (response.status !== 200) throw new Error(`list ${entity}: ${response.status} ${JSON.stringify(json)}`);
      const rows = (json as unknown[]).map((row) => schema.parse(row));
      const total = parseContentRangeTotal(response.headers.get('content-range'));
      expect(response.headers.get('x-total-count')).toBe(String(total));
      return { rows, total: total ?? Number.NaN, response };
    },
  };
}

/** Asserts the service's error body, its requestId matching the header, and the message. */
export async function expectError(response: Response, status: number, message?: RegExp) {
  expect(response.status).toBe(status);
  const body = errorBodySchema.parse(await response.json());
  expect(body.requestId).toBe(response.headers.get(REQUEST_ID_HEADER));
  if (message) expect(body.errmsg).toMatch(message);
  return body;
}

/** A call to /__control/* (no token). */
export function control(
  emulator: RunningEmulator,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(new URL(`/__control/${path}`, emulator.url), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: init.body === undefined ? CONTROL_HEADERS : { ...CONTROL_HEADERS, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

export async function resetEmulator(emulator: RunningEmulator): Promise<void> {
  expect((await control(emulator, 'reset', { method: 'POST' })).status).toBe(200);
}
