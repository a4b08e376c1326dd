/** Liveness for the start script and load balancers: answers without touching the service. */
export function GET(): Response {
  return Response.json({ ok: true });
}
