/**
 * The incident report as Markdown: GET /api/incidents/<id>/report, a download for the postmortem
 * (lib/incidents/report.ts writes it). An id that is not a UUID is a 400, an unknown one a 404.
 */
import { z } from 'zod';
import { requireAdminRouteSession } from '@/lib/auth/route-session';
import { readIncident } from '@/lib/incidents/data';
import { readNames } from '@/lib/entities/names';
import { incidentReportMarkdown } from '@/lib/incidents/report';
import { scopeNameRequest } from '@/lib/incidents/types';

const noStore = { 'cache-control': 'no-store' };

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const id = z
    .string()
    .uuid()
    .safeParse((await params).id);
  if (!id.success)
    return Response.json(
      { error: 'invalid_id', message: 'An incident id is a UUID.' },
      { status: 400, headers: noStore },
    );
  const now = Date.now();
  const read = await readIncident(id.data, session.upstream, now);
  if (!read)
    return Response.json(
      { error: 'not_found', message: `There is no incident ${id.data}.` },
      { status: 404, headers: noStore },
    );
  const names = await readNames(session.upstream, scopeNameRequest([read.incident.scope]));
  const markdown = incidentReportMarkdown({
    incident: read.incident,
    names,
    events: read.events,
    jobs: read.jobs,
    actions: read.actions,
    trend: read.trend,
    trendStatuses: read.trendStatuses,
    affectedNow: read.affectedNow.ok ? read.affectedNow.data : null,
    generatedAt: new Date(now),
  });
  return new Response(markdown, {
    headers: {
      ...noStore,
      'content-type': 'text/markdown; charset=utf-8',
      'content-disposition': `attachment; filename="incident-${read.incident.openedAt.toISOString().slice(0, 10)}-${read.incident.id.slice(0, 8)}.md"`,
    },
  });
}
