import 'server-only';
import type { NextRequest } from 'next/server';
import { escapeHtml, htmlResponse } from '@/lib/server/http/html';
import { OPS_LOCALE_COOKIE, opsLocale, opsTranslator } from './i18n';
import { sessionOf } from './session';

/**
 * The request layer's check for a console page (proxy.ts): null with a live operator session, else
 * the answer — 401, a page holding nothing but the way to sign in, under a policy that runs nothing.
 */
export async function opsSignInRequired(request: NextRequest): Promise<Response | null> {
  if (await sessionOf(request.cookies)) return null;
  const locale = opsLocale(request.cookies.get(OPS_LOCALE_COOKIE)?.value, request.headers.get('accept-language'));
  const t = opsTranslator(locale);
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(t('signIn.title'))} · ${escapeHtml(t('meta.title'))}</title></head>
<body><main><h1>${escapeHtml(t('meta.title'))}</h1><p>${escapeHtml(t('signIn.required'))}</p>
<p><a href="/ops/sign-in">${escapeHtml(t('signIn.button'))}</a></p></main></body></html>`;
  return htmlResponse(401, html, {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    'X-Robots-Tag': 'noindex, nofollow',
  });
}
