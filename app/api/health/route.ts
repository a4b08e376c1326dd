import { readiness } from '@/lib/health/readiness';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Liveness by default, for the start script and load balancers: answers without touching the
 * service or the database. `?ready=1`: readiness, the service and the database reported apart,
 * `503` when either is down.
 */
export async function GET(request: Request): Promise<Response> {
  if (new URL(request.url).searchParams.get('ready') === null)
    return Response.json({ ok: true }, { headers: NO_STORE });
  const report = await readiness();
  return Response.json(report, { status: report.ok ? 200 : 503, headers: NO_STORE });
}
