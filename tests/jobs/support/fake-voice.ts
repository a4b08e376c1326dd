/**
 * A small stand-in for the parts of the voice service a bulk job touches: its own
 * client-credentials token endpoint (with revocation), `GET /admin/ra/messages` (react-admin
 * list: filter on status (one or a list), id list, workspace_guid; sort by id; range;
 * Content-Range), the four message operations, fixed-window rate limits per token with the
 * X-RateLimit-* headers on every /admin answer (as the emulator's guard does), deterministic
 * injected faults (every round(1/rate)-th operation answered 5xx and NOT applied), forced 429s,
 * latency, and a request log. The engine's edge cases (token revocation, exact fault counts,
 * forced 429s) are tested against it; emulator.test.ts covers the same paths on the emulator.
 *
 * It follows the contract (lib/upstream/contract/), so the same tests can run against the
 * emulator once it serves these routes (see service.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatContentRange, parseListQuery, type Message } from '@/lib/upstream/contract';

export interface FakeFaults {
  /** Fraction of matching requests answered with `status` instead of being applied (every round(1/rate)-th). */
  rate: number;
  status?: number;
  /** Only requests whose path matches; default the message operations. */
  pathPattern?: RegExp;
}

export interface FakeLogEntry {
  method: string;
  path: string;
  status: number;
  time: number;
}

export interface FakeVoiceOptions {
  messages?: number;
  rateLimitWrite?: number;
  rateLimitRead?: number;
  rateLimitWindowMs?: number;
  tokenTtlSeconds?: number;
}

export const FAKE_CLIENT_ID = 'fake-jobs-client';
export const FAKE_CLIENT_SECRET = 'fake-jobs-secret';

export class FakeVoiceService {
  url = '';
  readonly messages = new Map<string, Message>();
  readonly log: FakeLogEntry[] = [];
  rateLimitWrite: number;
  rateLimitRead: number;
  rateLimitWindowMs: number;
  tokenTtlSeconds: number;
  latencyMs = 0;
  faults: FakeFaults | null = null;
  /** The next this-many requests to the message operations are answered 429 (another client used the window up). */
  forceRateLimited = 0;
  /** The next this-many operations are applied but answered 200 with a body that is not JSON. */
  unreadableAnswers = 0;
  /** The next this-many list reads are answered with `failListsStatus` (a service failing mid-read). */
  failLists = 0;
  failListsStatus = 503;
  private faultCounter = 0;
  private readonly tokens = new Set<string>();
  private windowStart = 0;
  private readonly counts = new Map<string, number>();
  private server: Server | null = null;

  constructor(options: FakeVoiceOptions = {}) {
    this.rateLimitWrite = options.rateLimitWrite ?? 1000;
    this.rateLimitRead = options.rateLimitRead ?? 1000;
    this.rateLimitWindowMs = options.rateLimitWindowMs ?? 1000;
    this.tokenTtlSeconds = options.tokenTtlSeconds ?? 3600;
    this.seed(options.messages ?? 200);
  }

  get tokenUrl(): string {
    return `${this.url}/oauth/token`;
  }

  seed(count: number): void {
    this.messages.clear();
    const statuses = ['processing', 'active', 'inprogress', 'initializing', 'paused'];
    for (let i = 0; i < count; i++) {
      const guid = `msg_${String(i).padStart(6, '0')}`;
      this.messages.set(guid, {
        id: guid,
        message_guid: guid,
        creator_guid: `usr_${i % 7}`,
        workspace_guid: `wsp_${i % 3}`,
        channel_guids: [`chn_${i % 5}`],
        status: statuses[i % statuses.length]!,
        name: `Message ${i}`,
        message_ts: 1_700_000_000_000 + i * 1000,
        last_updated_at: 1_700_000_000_000 + i * 1000,
        // Every 25th message has no HLS audio: createMP3 refuses it.
        audio_models:
          i % 25 === 24 ? [] : [{ _id: `aud_${i}`, type: 'hls', url: `https://media.invalid/${guid}.m3u8` }],
      });
    }
  }

  /** Requests for one message's operation path, any status. */
  callsFor(path: string): FakeLogEntry[] {
    return this.log.filter((entry) => entry.path === path);
  }

  revokeTokens(): void {
    this.tokens.clear();
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) this.json(res, 500, { success: false, errmsg: String(error) });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server!.close(resolve));
    this.server = null;
  }

  private json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const method = req.method ?? 'GET';
    const requestId = randomUUID();
    res.setHeader('x-request-id', requestId);
    const path = url.pathname;
    res.once('close', () => this.log.push({ method, path, status: res.statusCode, time: Date.now() }));
    const fail = (status: number, errmsg: string, headers: Record<string, string> = {}) =>
      this.json(res, status, { success: false, requestId, errmsg }, headers);

    if (path === '/oauth/token' && method === 'POST') {
      const body = await readText(req);
      const basic = Buffer.from(`${FAKE_CLIENT_ID}:${FAKE_CLIENT_SECRET}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`)
        return this.json(res, 401, { error: 'invalid_client', error_description: 'client authentication failed' });
      const params = new URLSearchParams(body);
      if (params.get('grant_type') !== 'client_credentials')
        return this.json(res, 400, { error: 'unsupported_grant_type' });
      const token = randomUUID();
      this.tokens.add(token);
      return this.json(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: this.tokenTtlSeconds,
        scope: 'admin',
      });
    }
    if (!path.startsWith('/admin/')) return fail(404, 'no route');

    // Rate limit first (counted per token, like the emulator's guard), then authentication.
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? 'anonymous';
    const now = Date.now();
    const windowStart = now - (now % this.rateLimitWindowMs);
    if (windowStart !== this.windowStart) {
      this.windowStart = windowStart;
      this.counts.clear();
    }
    const routeClass = method === 'GET' ? 'read' : 'write';
    const limit = routeClass === 'read' ? this.rateLimitRead : this.rateLimitWrite;
    const key = `${routeClass}:${token}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    res.setHeader('x-ratelimit-limit', String(limit));
    res.setHeader('x-ratelimit-remaining', String(Math.max(0, limit - count)));
    res.setHeader('x-ratelimit-reset', String(Math.ceil((windowStart + this.rateLimitWindowMs) / 1000)));
    const forced = this.forceRateLimited > 0 && routeClass === 'write';
    if (forced) {
      this.forceRateLimited--;
      res.setHeader('x-ratelimit-remaining', '0');
    }
    if (count > limit || forced)
      return fail(
        429,
        'rate limit exceeded; check the X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset headers',
      );
    if (!this.tokens.has(token)) return fail(401, 'missing, invalid or expired bearer token');

    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));

    if (path === '/admin/ra/messages' && method === 'GET' && this.failLists > 0) {
      this.failLists--;
      return fail(this.failListsStatus, 'injected list fault');
    }
    if (path === '/admin/ra/messages' && method === 'GET') return this.list(url, res, fail);

    const match = /^\/admin\/ra\/message\/([^/]+)\/(reprocess|status\/([^/]+)|createMP3|recreateWaveform)$/.exec(path);
    if (!match) return fail(404, `no route ${method} ${path}`);
    const faults = this.faults;
    if (faults && (faults.pathPattern ?? /./).test(path) && faults.rate > 0) {
      this.faultCounter++;
      if (this.faultCounter % Math.max(1, Math.round(1 / faults.rate)) === 0)
        return fail(faults.status ?? 503, 'injected fault');
    }
    const guid = decodeURIComponent(match[1]!);
    const operation = match[2]!;
    const message = this.messages.get(guid);
    const expected = operation === 'reprocess' ? 'POST' : operation.startsWith('status/') ? 'PUT' : 'GET';
    if (method !== expected) return fail(405, `${method} is not allowed`);
    if (!message) return fail(404, `no message "${guid}"`);
    const updated: Message = { ...message, last_updated_at: Date.now() };
    if (operation === 'reprocess') updated.status = 'processing';
    else if (operation.startsWith('status/')) updated.status = decodeURIComponent(match[3]!);
    else if (operation === 'createMP3') {
      if (!message.audio_models?.some((model) => model.type === 'hls'))
        return fail(400, 'the message has no HLS audio to make an MP3 from');
      updated.audio_models = [
        ...(message.audio_models ?? []),
        { _id: `mp3_${guid}`, type: 'mp3', url: `https://media.invalid/${guid}.mp3` },
      ];
    } else updated.waveform_url = `https://media.invalid/${guid}.json`;
    this.messages.set(guid, updated);
    if (this.unreadableAnswers > 0) {
      this.unreadableAnswers--;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('OK');
      return;
    }
    return this.json(res, 200, { success: true, message: updated });
  }

  private list(url: URL, res: ServerResponse, fail: (status: number, message: string) => void): void {
    const parsed = parseListQuery(url.searchParams);
    if (!parsed.ok) return fail(400, parsed.message);
    const { filter = {}, range } = parsed.query;
    let rows = [...this.messages.values()];
    for (const [field, value] of Object.entries(filter)) {
      if (field === 'q') continue;
      if (!['id', 'status', 'workspace_guid', 'creator_guid'].includes(field))
        return fail(400, `filter: unknown field "${field}"`);
      const accepted = Array.isArray(value) ? value : [value];
      rows = rows.filter((row) => accepted.includes((row as Record<string, unknown>)[field]));
    }
    rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const start = range?.start ?? 0;
    const end = range?.end ?? start + 999;
    if (end - start + 1 > 1000) return fail(400, 'range: at most 1000 rows per request');
    const page = rows.slice(start, end + 1);
    this.json(res, 200, page, { 'content-range': formatContentRange('messages', start, page.length, rows.length) });
  }
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
