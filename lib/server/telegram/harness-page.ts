import 'server-only';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { telegramHarnessTranslator } from '@/lib/server/i18n/translator';
import { miniAppGateway } from '@/lib/server/payments/registry';
import {
  HARNESS_PATH,
  HARNESS_TEAM,
  harnessAppUrl,
  harnessLanguages,
  harnessThemes,
  harnessUsers,
  type HarnessLaunch,
} from './harness';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Who may do what on the harness page: its own script, and frames of this origin (the Mini App). */
export const HARNESS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "frame-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'; form-action 'self'";

const STYLE =
  'body{font:15px/1.4 system-ui,sans-serif;margin:0;background:#e6ebee;color:#111}body[data-theme=dark]{background:#0e1621;color:#eee}' +
  'header{max-width:60rem;margin:0 auto;padding:1rem}h1{font-size:1.2rem;margin:0 0 .3rem}p{margin:0 0 .8rem;color:inherit;opacity:.8}' +
  'form{display:flex;flex-wrap:wrap;gap:.6rem;align-items:end}label{display:grid;gap:.2rem;font-size:.85rem}' +
  'select,button{font:inherit;min-height:40px;padding:.3rem .6rem;border-radius:8px}' +
  '.bar{display:flex;gap:.6rem;margin-top:.8rem}#harness-sheet{position:fixed;inset:auto 0 0;margin:0 auto;width:min(100%,420px);' +
  'border:0;border-radius:14px 14px 0 0;padding:1rem;box-shadow:0 -4px 30px #0004;background:#fff;color:#111}#harness-sheet .bar{flex-wrap:wrap}' +
  '#harness-payments h2{font-size:1rem;margin:.8rem 0 .2rem}#harness-payments ul{padding-inline-start:1.2rem}' +
  '#harness-payments li button{margin-inline-start:.5rem;min-height:32px}' +
  '.phone{margin:0 auto 2rem;width:min(100%,420px);height:760px;max-height:calc(100dvh - 1rem);' +
  'border-radius:18px;overflow:hidden;box-shadow:0 6px 30px #0003;background:#fff}iframe{border:0;width:100%;height:100%;display:block}';

type Translate = Awaited<ReturnType<typeof telegramHarnessTranslator>>;

/**
 * The stand-in of the gateway the Mini App offers (its offer's surface), when it runs as a stand-in
 * here: where the harness plays Telegram's payment sheet and lists the user's payments, and how
 * often its subscriptions renew. Null otherwise.
 */
function standIn(): { base: string; everyDays: number } | null {
  const gateway = miniAppGateway();
  if (gateway?.mode() !== 'sandbox') return null;
  return { base: `/api/payments/${gateway.id}/sandbox`, everyDays: gateway.offer.subscription?.everyDays ?? 0 };
}

/** The payment sheet the harness shows when the Mini App opens an invoice (openInvoice). */
function sheetDialog(t: Translate): string {
  return (
    `<dialog id="harness-sheet" aria-labelledby="harness-sheet-title"><h2 id="harness-sheet-title">${escape(t('sheetTitle'))}</h2>` +
    `<p id="harness-sheet-what"></p><p id="harness-sheet-amount"></p><div class="bar">` +
    `<button type="button" data-sheet-action="pay">${escape(t('sheetPay'))}</button>` +
    `<button type="button" data-sheet-action="cancel">${escape(t('sheetCancel'))}</button>` +
    `<button type="button" data-sheet-action="fail">${escape(t('sheetFail'))}</button></div></dialog>`
  );
}

/**
 * What Telegram does to the user's Stars payments outside the page (the stand-in's, listed by the
 * script): charge a subscription's next month now, or refund a payment. Its words go to the script
 * as JSON, like the themes.
 */
function paymentsPanel(t: Translate, standIn: string, everyDays: number): string {
  const keys = ['noPayments', 'renewNow', 'refund', 'renewing', 'renewalStopped', 'refunded'] as const;
  const said = (key: (typeof keys)[number]) => (key === 'renewing' ? t(key, { days: everyDays }) : t(key));
  const words = JSON.stringify(Object.fromEntries(keys.map((key) => [key, said(key)]))).replace(/</g, '\\u003c');
  return (
    `<section id="harness-payments" aria-labelledby="harness-payments-title" data-stand-in="${escape(standIn)}">` +
    `<h2 id="harness-payments-title">${escape(t('paymentsTitle'))}</h2><p>${escape(t('paymentsIntro'))}</p>` +
    `<button type="button" id="harness-payments-refresh">${escape(t('refresh'))}</button>` +
    `<ul id="harness-payments-list" aria-live="polite"></ul>` +
    `<script type="application/json" id="harness-words">${words}</script></section>`
  );
}

/** The harness page: the launch form, Telegram's back button and theme switch, and the Mini App in a frame. */
export async function harnessPage(locale: Locale, launch: HarnessLaunch): Promise<string | null> {
  const appUrl = harnessAppUrl(launch);
  if (!appUrl) return null;
  const t = await telegramHarnessTranslator(locale);
  const option = (value: string, label: string, selected: boolean) =>
    `<option value="${escape(value)}"${selected ? ' selected' : ''}>${escape(label)}</option>`;
  const select = (name: string, label: string, options: string[]) =>
    `<label>${escape(label)}<select name="${name}">${options.join('')}</select></label>`;
  const form = [
    select(
      'user',
      t('user'),
      harnessUsers.map((u) => option(String(u.id), `@${u.username} (${u.id})`, u.id === launch.userId)),
    ),
    select(
      'page',
      t('page'),
      ['pay', 'team'].map((p) => option(p, `/${p}`, p === launch.page)),
    ),
    select('team', t('team'), [
      option('', t('noTeam'), !launch.team),
      option(HARNESS_TEAM, HARNESS_TEAM, launch.team === HARNESS_TEAM),
    ]),
    select('theme', t('theme'), [
      option('light', t('light'), launch.theme === 'light'),
      option('dark', t('dark'), launch.theme === 'dark'),
    ]),
    select(
      'language',
      t('language'),
      harnessLanguages.map((code) => option(code, code, code === launch.language)),
    ),
    `<button type="submit">${escape(t('open'))}</button>`,
  ].join('');
  const themes = JSON.stringify(harnessThemes).replace(/</g, '\\u003c');
  const stand = standIn();
  const sheet = stand && `${stand.base}/sheet`;
  const { tag, dir } = localeInfo(locale);
  return (
    `<!doctype html><html lang="${tag}" dir="${dir}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escape(t('title'))}</title><style>${STYLE}</style>` +
    `<script type="application/json" id="harness-themes">${themes}</script>` +
    `<script src="${HARNESS_PATH}/script" defer></script></head>` +
    `<body data-theme="${launch.theme}" data-user="${launch.userId}"${sheet ? ` data-sheet="${escape(sheet)}"` : ''}>` +
    `<header><h1>${escape(t('title'))}</h1><p>${escape(t('intro'))}</p>` +
    `<form method="get" action="${HARNESS_PATH}">${form}</form><div class="bar">` +
    `<button type="button" id="harness-back" hidden>← ${escape(t('back'))}</button>` +
    `<button type="button" data-theme-switch="light">${escape(t('light'))}</button>` +
    `<button type="button" data-theme-switch="dark">${escape(t('dark'))}</button></div>` +
    `${stand ? paymentsPanel(t, stand.base, stand.everyDays) : ''}</header>` +
    `<div class="phone"><iframe id="harness-app" title="${escape(t('title'))}" src="${escape(appUrl)}" ` +
    `sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals"></iframe>` +
    // Telegram's main button, under the app; its words are the app's.
    `<button type="button" id="harness-main" class="main" hidden></button></div>${sheet ? sheetDialog(t) : ''}</body></html>`
  );
}
