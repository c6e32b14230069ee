import { NextRequest } from 'next/server';
import { GET as harness } from '@/app/api/miniapp/harness/route';
import { GET as harnessScript } from '@/app/api/miniapp/harness/script/route';
import { miniAppVerifier } from '@/lib/server/telegram/config';
import { verifyInitData } from '@/lib/server/telegram/init-data';
import { useEnv } from '../support/env';

/*
 * The local harness that plays Telegram Web around the Mini App: offered only outside production
 * and only with no bot configured, signing for the stand-in bot alone.
 */
const open = (query: string) => harness(new NextRequest(`http://localhost:3000/api/miniapp/harness?${query}`));

describe('the Telegram harness with no bot configured, outside production', () => {
  it('frames the Mini App with initData the stand-in bot verifies, for the chosen user, team and language', async () => {
    const response = await open('user=1002&page=team&team=-1002001&theme=dark&language=ja');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-src 'self'");
    const html = await response.text();
    const src = /<iframe id="harness-app"[^>]*\ssrc="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    expect(src).toMatch(/^\/telegramTeam\?tgWebAppStartParam=-1002001#/);
    const launch = new URLSearchParams(src.split('#')[1]);
    const verdict = verifyInitData(launch.get('tgWebAppData')!, miniAppVerifier()!);
    expect(verdict).toMatchObject({
      ok: true,
      data: { user: { id: '1002', username: 'bob', languageCode: 'ja' }, startParam: '-1002001' },
    });
    expect(JSON.parse(launch.get('tgWebAppThemeParams')!)).toMatchObject({ bg_color: '#212121' });
    expect((await harnessScript()).status).toBe(200);
  });

  it('plays Telegram’s payment sheet for the Mini App’s gateway: its stand-in’s sheet, for the launched user', async () => {
    const html = await (await open('user=1010&page=pay&language=vi')).text();
    expect(html).toMatch(/<body [^>]*data-user="1010" data-sheet="\/api\/payments\/telegram_stars\/sandbox\/sheet">/);
    expect(html).toContain('<dialog id="harness-sheet"');
    const script = await (await harnessScript()).text();
    expect(script).toContain('web_app_open_invoice');
    expect(script).toContain("send('invoice_closed', { slug, status })");
  });
});

describe('the Telegram harness with a real bot configured', () => {
  useEnv({ TELEGRAM_BOT_TOKEN: '7123456789:AAHtestTokenForTheHarnessRouteTests_01' });

  it('is not offered: a real bot’s initData cannot be made up here', async () => {
    expect((await open('user=1001')).status).toBe(404);
    expect((await harnessScript()).status).toBe(404);
  });
});

describe('the Telegram harness in production', () => {
  useEnv({ APP_ENV: 'production', ALLOW_HTTP_SITE_URL: '1' });

  it('is not offered', async () => {
    expect((await open('user=1001')).status).toBe(404);
  });
});
