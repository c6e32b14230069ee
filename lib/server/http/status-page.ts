import 'server-only';
import { createTranslator } from 'next-intl';
import { localeInfo, prefixOf, defaultLocale, type Locale } from '@/lib/i18n/locales';
import { localeMessages } from '@/lib/i18n/messages';

/**
 * A whole translated page for the answers the request layer gives before any React page can
 * render: 503 while the store is down, 429 when the link exchange is rate-limited. Heading, text
 * and a link home are in the HTML itself, so curl and readers without JavaScript see them.
 */
export async function statusPage(
  locale: Locale,
  kind: 'unavailable' | 'rate_limited',
  retryAfterSeconds: number,
): Promise<Response> {
  const messages = await localeMessages(locale);
  const t = createTranslator({ locale, messages });
  const heading =
    kind === 'unavailable' ? t('ServiceStatus.unavailableHeading') : t('ServiceStatus.rateLimitedHeading');
  const body =
    kind === 'unavailable'
      ? t('ServiceStatus.unavailableBody')
      : t('Checkout.errors.rate_limited', { seconds: retryAfterSeconds });
  const home = locale === defaultLocale ? '/' : `/${prefixOf(locale)}`;
  const { dir } = localeInfo(locale);
  const html = `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(heading)}</title></head><body><main><h1>${escape(heading)}</h1><p>${escape(body)}</p><p><a href="${home}">${escape(t('Error.backHome'))}</a></p></main></body></html>`;
  return new Response(html, {
    status: kind === 'unavailable' ? 503 : 429,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(retryAfterSeconds),
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
