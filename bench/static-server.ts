/**
 * A tiny static file server on loopback for the bench's pages that are not the console: the
 * react-admin peer's build and the static copy of a console page. It serves like a production
 * web server would (gzip when the browser accepts it; hashed-or-versioned scripts cacheable for a
 * year, HTML revalidated every time), so the peer is not handicapped by its serving.
 */
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';

export interface StaticFile {
  body: string | Buffer;
  contentType: string;
  /** Cached by the browser (scripts); otherwise `no-cache` (HTML). */
  immutable?: boolean;
}

export interface StaticServer {
  url: string;
  /** Adds or replaces a file while the server runs. */
  put(path: string, file: StaticFile): void;
  close(): Promise<void>;
}

export async function startStaticServer(port: number, files: Record<string, StaticFile>): Promise<StaticServer> {
  const table = new Map<string, { file: StaticFile; gzip: Buffer }>();
  const put = (path: string, file: StaticFile) => table.set(path, { file, gzip: gzipSync(file.body) });
  for (const [path, file] of Object.entries(files)) put(path, file);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const entry = table.get(path);
    if (!entry || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? entry.gzip : Buffer.from(entry.file.body);
    res.writeHead(200, {
      'content-type': entry.file.contentType,
      'content-length': body.length,
      'cache-control': entry.file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    put,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
