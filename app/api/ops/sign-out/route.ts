import { otherMethods } from '@/lib/server/http/methods';
import { emptyBody } from '@/lib/server/ops/requests';
import { opsJson, opsRoute } from '@/lib/server/ops/route';
import { opsCookieName, opsCookieOptions, signOut } from '@/lib/server/ops/session';

// POST /api/ops/sign-out {} — the session ends now, here and in the database.
export const POST = opsRoute({ access: 'viewer', body: { schema: emptyBody, maxBytes: 256 } }, async ({ session }) => {
  await signOut(session);
  const response = opsJson({ signedOut: true });
  // Written with the cookie's own flags: a browser ignores a `__Host-` cookie set without them.
  response.cookies.set(opsCookieName(), '', opsCookieOptions(0));
  return response;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
