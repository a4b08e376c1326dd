/**
 * The activity beacon's target (components/auth/activity-beacon.tsx): the proxy records the
 * operator's activity on this POST like on any other (lib/auth/background-request.ts); the
 * route itself has nothing to answer.
 */
export function POST(): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
