import { otherMethods } from '@/lib/server/http/methods';
import { runConsoleAction } from '@/lib/server/ops/console-actions';
import { inviteBody } from '@/lib/server/ops/requests';
import { actionResponse, opsRoute } from '@/lib/server/ops/route';

// POST /api/ops/operators/invite {key, name, role} — an admin's single-use invitation link, once per key.
export const POST = opsRoute(
  { access: 'admin', limit: 'action', body: { schema: inviteBody, maxBytes: 512 }, stepUp: () => true },
  async ({ session, body: { key, name, role }, locale }) =>
    actionResponse(await runConsoleAction(session, key, { kind: 'invite_operator', name, role }), locale),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
