import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { otherMethods } from '@/lib/server/http/methods';
import { signInVerify } from '@/lib/server/ops/passkeys';
import { assertionBody } from '@/lib/server/ops/requests';
import { opsError, opsRoute, signedIn } from '@/lib/server/ops/route';

// POST /api/ops/sign-in/verify {challengeId, response} — the passkey's answer checked; a session opens.
export const POST = opsRoute(
  { access: 'anyone', limit: 'ceremony', body: { schema: assertionBody, maxBytes: 16_384 } },
  async ({ body, locale }) => {
    const result = await signInVerify({ ...body, response: body.response as unknown as AuthenticationResponseJSON });
    if (!result.ok) return opsError(result.reason, locale);
    return signedIn(result.sessionToken, result.operator);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
