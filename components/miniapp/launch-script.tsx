import { defaultLocale, localeInfo, type Locale } from '@/lib/i18n/locales';
import { telegramLanguagePrefixes } from '@/lib/i18n/telegram-language';
import { EARLY_SESSION_GLOBAL, MINIAPP_SESSION_PATH, type MiniAppPage } from '@/lib/shared/miniapp';
import { payQueryParams } from '@/lib/shared/pay-query';

/**
 * What the Mini App's page does before the framework has loaded, on a phone where every request
 * waits for the network: the bare (English) page moves at once to the user's Telegram language when
 * the site speaks it (the rule of telegramLanguagePath, as a table), and otherwise the initData is
 * sent for a session right away, so the exchange runs while the scripts download, and on the pay
 * page the payer's view is asked for as soon as the session is there, with the query PayView builds
 * (the MiniApp component and PayView take those answers; lib/client/early-session.ts). Without
 * Telegram's launch data it does nothing. An inline script, hashed into the page's CSP by the build.
 */
export function miniAppLaunchCode(page: MiniAppPage, locale: Locale): string {
  const moves = locale === defaultLocale ? telegramLanguagePrefixes() : {};
  const exchange = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': localeInfo(locale).tag },
    cache: 'no-store',
  };
  const tag = JSON.stringify(localeInfo(locale).tag);
  // The pay view, once the session is there: the same query PayView asks with, from the same parameters.
  const view =
    page === 'pay'
      ? `var s=new URLSearchParams(location.search),q=new URLSearchParams();` +
        `${JSON.stringify(payQueryParams)}.forEach(function(n){var v=s.get(n);if(v!==null)q.append(n,v)});` +
        `e.view={query:q.toString(),answer:e.answer.then(function(a){return a&&a.token?` +
        `fetch('/api/pay/view?'+q,{headers:{'Accept-Language':${tag},Authorization:'Bearer '+a.token},cache:'no-store'})` +
        `.then(function(r){return r.ok||r.status===503?r.json():null}):null}).catch(function(){return null})};`
      : '';
  return (
    '(function(){try{' +
    "var d=new URLSearchParams(location.hash.slice(1)).get('tgWebAppData');if(!d)return;" +
    `var m=${JSON.stringify(moves)};` +
    "var u=JSON.parse(new URLSearchParams(d).get('user')||'{}');" +
    "var c=String(u.language_code||'').toLowerCase().split(/[-_]/)[0];" +
    "if(Object.prototype.hasOwnProperty.call(m,c)){location.replace('/'+m[c]+location.pathname+location.search+location.hash);return}" +
    `var o=${JSON.stringify(exchange)};o.body=JSON.stringify({initData:d,page:${JSON.stringify(page)}});` +
    `var e=window[${JSON.stringify(EARLY_SESSION_GLOBAL)}]={initData:d,page:${JSON.stringify(page)},` +
    `answer:fetch(${JSON.stringify(MINIAPP_SESSION_PATH)},o).then(function(r){return r.json()}).catch(function(){return null})};` +
    view +
    '}catch(x){}})()'
  );
}

export function MiniAppLaunchScript({ page, locale }: { page: MiniAppPage; locale: Locale }) {
  return <script dangerouslySetInnerHTML={{ __html: miniAppLaunchCode(page, locale) }} />;
}
