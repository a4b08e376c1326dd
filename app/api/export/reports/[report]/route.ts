/** CSV of one accounts report (lib/accounts/reports.ts): GET /api/export/reports/<name>[?workspace=<id>]. */
import { findReport, reportCsv } from '@/lib/accounts/reports';
import { requireAdminRouteSession, upstreamFailureResponse } from '@/lib/auth/route-session';
import { exportFileName } from '@/lib/entities/export';
import { isDotSegment } from '@/lib/upstream/contract';
import { isUpstreamError } from '@/lib/upstream/client';

export async function GET(request: Request, { params }: { params: Promise<{ report: string }> }): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const { report: name } = await params;
  const report = findReport(name);
  if (!report) return Response.json({ error: 'not_found', message: `No report "${name}".` }, { status: 404 });
  const workspace = new URL(request.url).searchParams.get('workspace')?.trim() ?? '';
  if (report.perWorkspace && (workspace === '' || workspace.length > 256 || isDotSegment(workspace))) {
    return Response.json({ error: 'invalid', message: 'workspace: a workspace id is required.' }, { status: 400 });
  }
  try {
    const rows = await report.read(session.upstream, workspace);
    return new Response(reportCsv(report, rows), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${exportFileName(workspace ? `${name}-${workspace.replace(/[^\w-]/g, '_')}` : name, new Date())}"`,
        'x-total-count': String(rows.length),
        'cache-control': 'no-store',
      },
    });
  } catch (error) {
    if (isUpstreamError(error)) return upstreamFailureResponse(error);
    throw error;
  }
}
