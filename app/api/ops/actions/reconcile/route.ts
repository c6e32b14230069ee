import { otherMethods } from '@/lib/server/http/methods';
import { runConsoleAction } from '@/lib/server/ops/console-actions';
import { reconcileBody } from '@/lib/server/ops/requests';
import { actionResponse, opsRoute } from '@/lib/server/ops/route';

// POST /api/ops/actions/reconcile {key} — a reconciliation round now, once per key.
export const POST = opsRoute(
  { access: 'refunder', limit: 'action', body: { schema: reconcileBody, maxBytes: 256 } },
  async ({ session, body: { key }, locale }) =>
    actionResponse(await runConsoleAction(session, key, { kind: 'reconcile' }), locale),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
