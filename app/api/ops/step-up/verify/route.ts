import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { otherMethods } from '@/lib/server/http/methods';
import { stepUpVerify } from '@/lib/server/ops/passkeys';
import { assertionBody } from '@/lib/server/ops/requests';
import { opsError, opsJson, opsRoute } from '@/lib/server/ops/route';

// POST /api/ops/step-up/verify {challengeId, response} — the passkey proved again: refunds may follow for a few minutes.
export const POST = opsRoute(
  { access: 'viewer', limit: 'ceremony', body: { schema: assertionBody, maxBytes: 16_384 } },
  async ({ session, body, locale }) => {
    const result = await stepUpVerify(session, {
      ...body,
      response: body.response as unknown as AuthenticationResponseJSON,
    });
    return result.ok ? opsJson({ steppedUp: true }) : opsError(result.reason, locale);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
