import 'server-only';
import type { NextRequest } from 'next/server';
import type { Subject } from '@/lib/server/directory';
import type { LinkAudience } from '@/lib/i18n/route-request';
import type { PaySurface } from '@/lib/shared/gateway-offer';
import { openSession, payingSubject, sessionFrom } from './session';

/**
 * A Mini App's page holds its session in memory and sends it as `Authorization: Bearer …`: inside
 * Telegram Web the page is a cross-site iframe, where browsers keep third-party cookies from it
 * (docs/miniapp.md). A request that carries the header is judged by it alone — never by a cookie
 * beside it — and the header takes only a Mini App's session, the cookie only a link's.
 */
function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  if (header === null) return undefined;
  const match = /^Bearer ([A-Za-z0-9_.-]{1,4096})$/.exec(header);
  return match?.[1] ?? '';
}

/** The session of a request for `audience`: its Mini App header, or else its link's cookie. */
export async function requestSubject(request: NextRequest, audience: LinkAudience): Promise<Subject | null> {
  const bearer = bearerToken(request);
  if (bearer !== undefined) return openSession(bearer, audience, 'miniapp');
  return sessionFrom(request.cookies, audience);
}

/** Who is paying (session.ts payingSubject), from the Mini App header or else the cookies. */
export async function requestPayingSubject(request: NextRequest): Promise<Subject | null> {
  return (await requestPaySession(request))?.subject ?? null;
}

/**
 * Who is paying, and where: a Mini App's session (the header) pays inside Telegram, a link's (the
 * cookie) in a browser — which decides the gateways offered (lib/shared/gateway-offer.ts, offeredOn).
 */
export async function requestPaySession(
  request: NextRequest,
): Promise<{ subject: Subject; surface: PaySurface } | null> {
  const bearer = bearerToken(request);
  if (bearer === undefined) {
    const subject = await payingSubject(request.cookies);
    return subject && { subject, surface: 'browser' };
  }
  const subject = (await openSession(bearer, 'pay', 'miniapp')) ?? (await openSession(bearer, 'team', 'miniapp'));
  return subject && { subject, surface: 'miniapp' };
}
