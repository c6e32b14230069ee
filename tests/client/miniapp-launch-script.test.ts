import { runInNewContext } from 'node:vm';
import { miniAppLaunchCode } from '@/components/miniapp/launch-script';
import { locales, type Locale } from '@/lib/i18n/locales';
import { telegramLanguagePath } from '@/lib/i18n/telegram-language';
import { EARLY_SESSION_GLOBAL, MINIAPP_SESSION_PATH, type MiniAppPage } from '@/lib/shared/miniapp';
import { payQueryParams } from '@/lib/shared/pay-query';

/*
 * The Mini App's launch script runs before the framework, in the page itself: here it runs in a
 * context with only what a browser gives it (location, fetch, window), on the page Telegram opens.
 */
const initDataFor = (languageCode: string | undefined) =>
  new URLSearchParams({
    query_id: 'q1',
    user: JSON.stringify({ id: 1001, first_name: 'Alice', ...(languageCode ? { language_code: languageCode } : {}) }),
    auth_date: '1795866633',
    hash: 'ab'.repeat(32),
  }).toString();

function launch(
  page: MiniAppPage,
  locale: Locale,
  pathname: string,
  hash: string,
  search = '?tgWebAppStartParam=-1002001',
) {
  const moves: string[] = [];
  const requests: Array<{ url: string; init: { method: string; headers: Record<string, string>; body: string } }> = [];
  const window: Record<string, unknown> = {};
  runInNewContext(miniAppLaunchCode(page, locale), {
    window,
    URLSearchParams,
    JSON,
    String,
    Object,
    location: { pathname, search, hash, replace: (to: string) => moves.push(to) },
    fetch: (url: string, init: (typeof requests)[number]['init']) => {
      requests.push({ url, init });
      const answer = url.startsWith('/api/pay/view') ? { kind: 'form' } : { token: 't', expiresAt: 1 };
      return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(answer) });
    },
  });
  const early = window[EARLY_SESSION_GLOBAL] as
    | { initData: string; page: string; answer: Promise<unknown>; view?: { query: string; answer: Promise<unknown> } }
    | undefined;
  return { moves, requests, early };
}

const hashOf = (initData: string) => `#${new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0' })}`;

describe('the Mini App launch script', () => {
  const languageCodes = [...locales, 'pt-br', 'zh-hans', 'EN-gb', 'ja', 'xx', 'de_AT', '', undefined];

  test.each(languageCodes)(
    'on the bare page, moves a user whose Telegram language is %p exactly where telegramLanguagePath says',
    (code) => {
      const initData = initDataFor(code);
      const { moves } = launch('pay', 'en', '/telegramPay', hashOf(initData));
      const expected = telegramLanguagePath('/telegramPay', code);
      expect(moves).toEqual(expected ? [`${expected}?tgWebAppStartParam=-1002001${hashOf(initData)}`] : []);
    },
  );

  test('a page in a language of its own never moves, whatever the Telegram language', () => {
    for (const locale of locales.filter((code) => code !== 'en'))
      expect(launch('pay', locale, `/x/telegramPay`, hashOf(initDataFor('de'))).moves).toEqual([]);
  });

  test('when it stays, it sends the initData for a session at once, for its page, in its language, and leaves the answer for the page', async () => {
    const initData = initDataFor('vi');
    const { requests, early } = launch('team', 'vi', '/vi/telegramTeam', hashOf(initData));
    expect(requests).toHaveLength(1);
    const [{ url, init }] = requests as [(typeof requests)[number]];
    expect(url).toBe(MINIAPP_SESSION_PATH);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'Accept-Language': 'vi-VN' });
    expect(JSON.parse(init.body)).toEqual({ initData, page: 'team' });
    expect(early).toMatchObject({ initData, page: 'team' });
    await expect(early?.answer).resolves.toEqual({
      token: 't',
      expiresAt: 1,
    });
  });

  test('on the pay page, it asks for the payer’s view with the session as soon as it comes, with the query PayView builds', async () => {
    const initData = initDataFor('en');
    const search = '?tgWebAppStartParam=-1002001&plan=team_pro&seats=20&utm=x';
    const { requests, early } = launch('pay', 'en', '/telegramPay', hashOf(initData), search);
    await early?.view?.answer;
    expect(requests.map((request) => request.url)).toEqual([
      MINIAPP_SESSION_PATH,
      `/api/pay/view?${new URLSearchParams(payQueryParams.flatMap((name) => (name === 'plan' ? [[name, 'team_pro']] : name === 'seats' ? [[name, '20']] : [])))}`,
    ]);
    expect(requests[1]?.init.headers).toEqual({ 'Accept-Language': 'en-US', Authorization: 'Bearer t' });
    expect(early?.view?.query).toBe(requests[1]?.url.split('?')[1]);
    await expect(early?.view?.answer).resolves.toEqual({ kind: 'form' });
  });

  test('the team page asks for no pay view', async () => {
    const { requests, early } = launch('team', 'en', '/telegramTeam', hashOf(initDataFor('en')));
    await early?.answer;
    expect(early?.view).toBeUndefined();
    expect(requests).toHaveLength(1);
  });

  test('when it moves, it asks for nothing: the page in the right language will', () => {
    const { moves, requests, early } = launch('pay', 'en', '/telegramPay', hashOf(initDataFor('vi')));
    expect(moves).toHaveLength(1);
    expect(requests).toEqual([]);
    expect(early).toBeUndefined();
  });

  test('without Telegram’s launch data, or with a user it cannot read, it does nothing and throws nothing', () => {
    for (const hash of ['', '#tgWebAppVersion=8.0', hashOf('user=%7Bbroken')]) {
      const { moves, requests, early } = launch('pay', 'en', '/telegramPay', hash);
      expect({ moves, requests: requests.length, early }).toEqual({ moves: [], requests: 0, early: undefined });
    }
  });
});
