// GET /api/health — liveness for load balancers and the e2e harness.
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
