import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/server/env';
import { OPS_LOCALE_COOKIE, opsLocales, type OpsLocale } from './i18n';

/** Where the switch may send the operator back to: a console page of this site, nothing else. */
const consolePath = (next: string | null) =>
  next && /^\/ops(?:\/[\w/-]*)?(?:\?[\w=&%.:-]*)?$/.test(next) ? next : '/ops';

/** The console's language switch: a preference (nothing it reads or does), so a plain link may set it. */
export function languageSwitch(request: NextRequest): Response {
  const to = request.nextUrl.searchParams.get('to');
  const next = consolePath(request.nextUrl.searchParams.get('next'));
  const response = NextResponse.redirect(new URL(next, env().SITE_URL), 303);
  if (opsLocales.includes(to as OpsLocale)) {
    response.cookies.set(OPS_LOCALE_COOKIE, to!, {
      path: '/',
      sameSite: 'lax',
      secure: env().secureCookies,
      maxAge: 365 * 86_400,
    });
  }
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
