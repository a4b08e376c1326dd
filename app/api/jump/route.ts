/**
 * Jump to: GET /api/jump?q=<id, e-mail or name> answers the matching records across entities;
 * `&entity=workspaces` keeps to one entity (a filter's name picker).
 */
import { requireAdminRouteSession } from '@/lib/auth/route-session';
import { findJumpCandidates, jumpTermSchema } from '@/lib/entities/jump';
import { findEntity } from '@/lib/entities/registry';

export async function GET(request: Request): Promise<Response> {
  const session = await requireAdminRouteSession();
  if (!session.ok) return session.response;
  const params = new URL(request.url).searchParams;
  const term = jumpTermSchema.safeParse(params.get('q') ?? '');
  const entityName = params.get('entity');
  const entity = entityName === null ? undefined : findEntity(entityName);
  if (!term.success || (entityName !== null && !entity)) {
    return Response.json(
      {
        error: 'invalid',
        message: term.success ? 'No such entity.' : (term.error.issues[0]?.message ?? 'Invalid input.'),
      },
      { status: 400, headers: { 'cache-control': 'no-store' } },
    );
  }
  const result = await findJumpCandidates(session.upstream, term.data, entity ? [entity] : undefined);
  if (result.candidates.length === 0 && result.failures.some((failure) => failure.kind === 'unauthorized')) {
    return Response.json(
      { error: 'unauthorized', message: 'The service did not accept the session. Sign in again.' },
      { status: 401, headers: { 'cache-control': 'no-store' } },
    );
  }
  return Response.json({ term: term.data, ...result }, { headers: { 'cache-control': 'no-store' } });
}
