/** Jump to: GET /api/jump?q=<id, guid or e-mail> answers the matching records across entities. */
import { requireAdminRouteSession } from '@/lib/auth/route-session';
import { findJumpCandidates, jumpTermSchema } from '@/lib/entities/jump';

export async function GET(request: Request): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const term = jumpTermSchema.safeParse(new URL(request.url).searchParams.get('q') ?? '');
  if (!term.success) {
    return Response.json(
      { error: 'invalid', message: term.error.issues[0]?.message ?? 'Invalid input.' },
      { status: 400, headers: { 'cache-control': 'no-store' } },
    );
  }
  const result = await findJumpCandidates(session.upstream, term.data);
  if (result.candidates.length === 0 && result.failures.some((failure) => failure.kind === 'unauthorized')) {
    return Response.json(
      { error: 'unauthorized', message: 'The service did not accept the session. Sign in again.' },
      { status: 401, headers: { 'cache-control': 'no-store' } },
    );
  }
  return Response.json({ term: term.data, ...result }, { headers: { 'cache-control': 'no-store' } });
}
