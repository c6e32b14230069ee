import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { otherMethods } from '@/lib/server/http/methods';
import { enrolVerify } from '@/lib/server/ops/passkeys';
import { enrolVerifyBody } from '@/lib/server/ops/requests';
import { opsError, opsRoute, signedIn } from '@/lib/server/ops/route';

// POST /api/ops/enrol/verify {token, challengeId, response} — the new passkey recorded, the invitation spent, signed in.
export const POST = opsRoute(
  { access: 'anyone', limit: 'ceremony', body: { schema: enrolVerifyBody, maxBytes: 16_384 } },
  async ({ body, locale }) => {
    const result = await enrolVerify({ ...body, response: body.response as unknown as RegistrationResponseJSON });
    if (!result.ok) return opsError(result.reason, locale);
    return signedIn(result.sessionToken, result.operator);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
