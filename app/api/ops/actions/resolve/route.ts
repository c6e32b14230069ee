import { otherMethods } from '@/lib/server/http/methods';
import { needsStepUp, runConsoleAction } from '@/lib/server/ops/console-actions';
import { resolveBody } from '@/lib/server/ops/requests';
import { actionResponse, opsRoute } from '@/lib/server/ops/route';

// POST /api/ops/actions/resolve {key, orderId, decision: grant|close|refund, note, amount?} — a review item decided, once per key.
export const POST = opsRoute(
  {
    access: 'refunder',
    limit: 'action',
    body: { schema: resolveBody, maxBytes: 2048 },
    stepUp: (body) => needsStepUp({ kind: 'resolve', ...body }),
  },
  async ({ session, body: { key, ...decision }, locale }) =>
    actionResponse(await runConsoleAction(session, key, { kind: 'resolve', ...decision }), locale),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
