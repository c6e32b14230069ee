import { otherMethods } from '@/lib/server/http/methods';
import { needsStepUp, runConsoleAction } from '@/lib/server/ops/console-actions';
import { refundBody } from '@/lib/server/ops/requests';
import { actionResponse, opsRoute } from '@/lib/server/ops/route';

// POST /api/ops/actions/refund {key, orderId, amount?, reason} — money back through the gateway, once per key (step-up first).
export const POST = opsRoute(
  {
    access: 'refunder',
    limit: 'action',
    body: { schema: refundBody, maxBytes: 2048 },
    stepUp: (body) => needsStepUp({ kind: 'refund', ...body }),
  },
  async ({ session, body: { key, ...refund }, locale }) =>
    actionResponse(await runConsoleAction(session, key, { kind: 'refund', ...refund }), locale),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
