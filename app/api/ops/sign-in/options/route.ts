import { otherMethods } from '@/lib/server/http/methods';
import { signInOptions } from '@/lib/server/ops/passkeys';
import { emptyBody } from '@/lib/server/ops/requests';
import { opsJson, opsRoute } from '@/lib/server/ops/route';

// POST /api/ops/sign-in/options {} — a challenge for any of this site's operator passkeys.
export const POST = opsRoute(
  { access: 'anyone', limit: 'ceremony', body: { schema: emptyBody, maxBytes: 256 } },
  async () => opsJson(await signInOptions()),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
