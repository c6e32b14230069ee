import 'server-only';
import { escapeHtml, htmlResponse } from './html';
import { createTranslator } from 'next-intl';
import { localeInfo, prefixOf, defaultLocale, type Locale } from '@/lib/i18n/locales';
import { localeMessages } from '@/lib/i18n/messages';
import { prerenderedResponse } from '@/lib/server/prerendered';

/**
 * The whole translated pages the request layer answers with before any React page renders:
 * - `not-found` and `error`: the locale's prerendered 404 and error pages (app/[locale]/not-found-page,
 *   error-page), real HTML where Next would send an empty `<html id="__next_error__">`; null without
 *   a build (the dev server), so the caller lets Next render instead;
 * - `unavailable` (the store or the directory is down) and `rate_limited` (the link exchange): built
 *   here, because they must answer when nothing else can. Heading, text and a link home are in the
 *   HTML itself, so curl and readers without JavaScript see them.
 * `retryAfter` (seconds) becomes the Retry-After header.
 */
export function statusPage(
  locale: Locale,
  kind: 'unavailable' | 'rate_limited',
  status: 503 | 429,
  options: { retryAfter: number },
): Promise<Response>;
export function statusPage(
  locale: Locale,
  kind: 'not-found' | 'error',
  status: number,
  options?: { retryAfter?: number },
): Promise<Response | null>;
export function statusPage(
  locale: Locale,
  kind: StatusPageKind,
  status: number,
  { retryAfter }: { retryAfter?: number } = {},
): Promise<Response | null> {
  const retry: Record<string, string> = retryAfter ? { 'Retry-After': String(retryAfter) } : {};
  if (kind === 'not-found' || kind === 'error') {
    return prerenderedResponse(`${locale}/${kind}-page`, status, { 'Cache-Control': NO_STORE, ...retry });
  }
  return builtPage(locale, kind, status, retryAfter ?? 0, retry);
}

export type StatusPageKind = 'not-found' | 'error' | 'unavailable' | 'rate_limited';

/** Status pages are per visitor and per moment: no cache keeps them. */
const NO_STORE = 'private, no-cache, no-store, max-age=0, must-revalidate';

async function builtPage(
  locale: Locale,
  kind: 'unavailable' | 'rate_limited',
  status: number,
  retryAfter: number,
  retry: Record<string, string>,
): Promise<Response> {
  const messages = await localeMessages(locale);
  const t = createTranslator({ locale, messages });
  const heading =
    kind === 'unavailable' ? t('ServiceStatus.unavailableHeading') : t('ServiceStatus.rateLimitedHeading');
  const body =
    kind === 'unavailable'
      ? t('ServiceStatus.unavailableBody')
      : t('Checkout.errors.rate_limited', { seconds: retryAfter });
  const home = locale === defaultLocale ? '/' : `/${prefixOf(locale)}`;
  const { dir } = localeInfo(locale);
  const html = `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(heading)}</title></head><body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(body)}</p><p><a href="${home}">${escapeHtml(t('Error.backHome'))}</a></p></main></body></html>`;
  return htmlResponse(status, html, {
    ...retry,
    'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
}
