import { otherMethods } from '@/lib/server/http/methods';
import { enrolOptions } from '@/lib/server/ops/passkeys';
import { enrolOptionsBody } from '@/lib/server/ops/requests';
import { opsError, opsJson, opsRoute } from '@/lib/server/ops/route';

// POST /api/ops/enrol/options {token} — the passkey to create for the operator an invitation names.
export const POST = opsRoute(
  { access: 'anyone', limit: 'ceremony', body: { schema: enrolOptionsBody, maxBytes: 1024 } },
  async ({ body, locale }) => {
    const result = await enrolOptions(body.token);
    if (!result.ok) return opsError(result.reason, locale);
    return opsJson({ challengeId: result.challengeId, operator: result.operator, options: result.options });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
