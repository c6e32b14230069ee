import { otherMethods } from '@/lib/server/http/methods';
import { runConsoleAction } from '@/lib/server/ops/console-actions';
import { revokeBody } from '@/lib/server/ops/requests';
import { actionResponse, opsRoute } from '@/lib/server/ops/route';

// POST /api/ops/operators/revoke {key, name} — an operator revoked by an admin: their sessions end at once.
export const POST = opsRoute(
  { access: 'admin', limit: 'action', body: { schema: revokeBody, maxBytes: 256 }, stepUp: () => true },
  async ({ session, body: { key, name }, locale }) =>
    actionResponse(await runConsoleAction(session, key, { kind: 'revoke_operator', name }), locale),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
