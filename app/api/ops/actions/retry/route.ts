import { otherMethods } from '@/lib/server/http/methods';
import { runConsoleAction } from '@/lib/server/ops/console-actions';
import { retryBody } from '@/lib/server/ops/requests';
import { actionResponse, opsRoute } from '@/lib/server/ops/route';

// POST /api/ops/actions/retry {key, outboxId} — one undelivered grant or revocation delivered now, once per key.
export const POST = opsRoute(
  { access: 'refunder', limit: 'action', body: { schema: retryBody, maxBytes: 512 } },
  async ({ session, body: { key, outboxId }, locale }) =>
    actionResponse(await runConsoleAction(session, key, { kind: 'retry_delivery', outboxId }), locale),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
