import { otherMethods } from '@/lib/server/http/methods';
import { stepUpOptions } from '@/lib/server/ops/passkeys';
import { emptyBody } from '@/lib/server/ops/requests';
import { opsJson, opsRoute } from '@/lib/server/ops/route';

// POST /api/ops/step-up/options {} — a challenge for the signed-in operator's own passkeys (before a refund).
export const POST = opsRoute(
  { access: 'viewer', limit: 'ceremony', body: { schema: emptyBody, maxBytes: 256 } },
  async ({ session }) => opsJson(await stepUpOptions(session)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
