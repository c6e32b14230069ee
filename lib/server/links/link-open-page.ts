import 'server-only';
import { escapeHtml, htmlResponse } from '@/lib/server/http/html';
import { createTranslator } from 'next-intl';
import { site } from '@/lib/config/site';
import { OG_IMAGE_SIZE, ogImagePath } from '@/lib/config/og-cards';
import { localeInfo, localizedPath, type Locale } from '@/lib/i18n/locales';
import { localeMessages } from '@/lib/i18n/messages';
import { scriptHash } from '@/lib/security/csp.mjs';
import { env } from '@/lib/server/env';
import type { LinkAudience } from '@/lib/i18n/route-request';

/** Where the page's script sends the token; only a POST there spends a link. */
export const LINK_OPEN_ACTION = '/api/link';

/**
 * Readies the form from the address: `t` (a chat app may have taken a trailing `.`, `,`, `)`, `!`,
 * `?` or `…` of the message into the link; no token ends with one) and the page it opens. The token
 * leaves the address bar only when the person taps: until then "Open in Chrome/Safari" carries the
 * whole link to the other browser, which can open it there instead. Nothing is posted without
 * that tap, so a link checker that runs the page's script spends nothing either.
 */
const OPEN_SCRIPT =
  "(function(){var f=document.getElementById('open');var q=new URLSearchParams(location.search.replace(/(?:[.,)!?]|%E2%80%A6)+$/i,''));var t=q.get('t');q.delete('t');q.delete('link');var s=q.toString();var next=location.pathname+(s?'?'+s:'');if(!t)return;f.elements.t.value=t;f.elements.next.value=next;f.hidden=false;var b=f.querySelector('button');b.focus();f.addEventListener('submit',function(){b.disabled=true;history.replaceState(null,'',next);});})();";

const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fff;color:#1a1a2e}main{max-width:32rem;margin:12vh auto;padding:0 1.25rem}h1{font-size:1.5rem;line-height:1.3}.warn{border-inline-start:4px solid #b45309;padding:.5rem .75rem;background:#fffbeb}button{font:inherit;font-weight:600;min-height:48px;width:100%;margin:1rem 0;padding:.75rem 1rem;border:0;border-radius:.5rem;background:#3b2fc9;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #1a1a2e;outline-offset:3px}';

const POLICY = [
  "default-src 'none'",
  `script-src ${scriptHash(OPEN_SCRIPT)}`,
  `style-src ${scriptHash(STYLE)}`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The answer to `GET /pay?t=…` and `GET /team?t=…`. Chat apps fetch every link posted in a chat to
 * build its preview, and mail and chat scanners fetch links too — some in a browser that runs
 * scripts. So this page spends nothing: it is the same for every token, carries the preview card
 * (in the link's language, with no personal data — the whole group sees it) and, in a browser,
 * offers one button that hands the token to `POST /api/link`, which is what opens the session.
 * `switching`: this browser already holds a live session of the audience for another account, and
 * the page says that continuing replaces it (docs/links.md).
 */
export async function linkOpenPage(
  locale: Locale,
  audience: LinkAudience,
  { switching = false }: { switching?: boolean } = {},
): Promise<Response> {
  const t = createTranslator({ locale, messages: await localeMessages(locale) });
  const values = { brand: site.name };
  const title = t(`LinkOpen.${audience}.title`, values);
  const description = t(`LinkOpen.${audience}.description`, values);
  const { SITE_URL } = env();
  const { tag, dir } = localeInfo(locale);
  const image = `${SITE_URL}${ogImagePath(locale, audience)}`;
  const meta = (attribute: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}">`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    // The page's address without the token: a card must not carry a working link.
    meta('property', 'og:url', `${SITE_URL}${localizedPath(locale, `/${audience}`)}`),
    meta('property', 'og:locale', tag.replace('-', '_')),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', OG_IMAGE_SIZE.width),
    meta('property', 'og:image:height', OG_IMAGE_SIZE.height),
    meta('property', 'og:image:alt', title),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    `<style>${STYLE}</style>`,
  ].join('');
  const body = [
    `<main><h1>${escapeHtml(title)}</h1>`,
    switching ? `<p class="warn" role="alert">${escapeHtml(t('LinkOpen.switchAccount'))}</p>` : '',
    `<p>${escapeHtml(t('LinkOpen.oneBrowser'))}</p>`,
    `<noscript><p role="alert">${escapeHtml(t('LinkOpen.needsJavaScript'))}</p></noscript>`,
    `<form id="open" method="post" action="${LINK_OPEN_ACTION}" hidden>`,
    '<input type="hidden" name="t"><input type="hidden" name="next">',
    `<button type="submit" autofocus>${escapeHtml(t(`LinkOpen.${audience}.continue`))}</button></form>`,
    `<script>${OPEN_SCRIPT}</script></main>`,
  ].join('');
  const html = `<!doctype html><html lang="${tag}" dir="${dir}"><head>${head}</head><body>${body}</body></html>`;
  // The URL holds a token: no cache may keep it, and the page's address leaves no Referer (htmlResponse).
  return htmlResponse(200, html, {
    'Content-Language': tag,
    'X-Robots-Tag': 'noindex, nofollow',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': POLICY,
  });
}
