import { devices, expect, test, type Page } from '@playwright/test';
import { message } from './support/messages';

/*
 * The Mini App in Telegram's phone apps: not a frame, as in Telegram Web, but the page itself in the
 * app's webview, talking to Telegram through the bridge the app puts on the window
 * (`TelegramWebviewProxy.postEvent`, Android's; the SDK picks it when it is there). The test plays
 * that app: it opens the address Telegram opens — the bare /telegramPay with the signed launch data
 * in the fragment, here signed by the local harness for the stand-in bot — and records what the page
 * tells Telegram.
 */
const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });

/** The Mini App's address as the harness signs it (a fresh initData for alice, in `language`). */
async function telegramAddress(page: Page, language: string): Promise<string> {
  const html = await (
    await page.request.get(`/api/miniapp/harness?user=1001&page=pay&team=-1002001&language=${language}`)
  ).text();
  const src = /<iframe id="harness-app"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
  expect(src, 'the harness signs a launch').toBeTruthy();
  return src!.replaceAll('&amp;', '&');
}

/**
 * Telegram's Android app around the page: its bridge records every event the page sends and answers
 * the page's requests as the app does (the viewport, the safe areas), through the function the page's
 * SDK installs for the app to call.
 */
function playTelegramsApp(page: Page) {
  return page.addInitScript(() => {
    const events: Array<[string, string | undefined]> = [];
    const answers: Record<string, [string, Record<string, unknown>]> = {
      web_app_request_viewport: [
        'viewport_changed',
        { height: 780, width: 412, is_expanded: false, is_state_stable: true },
      ],
      web_app_request_safe_area: ['safe_area_changed', { top: 24, bottom: 16, left: 0, right: 0 }],
      web_app_request_content_safe_area: ['content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }],
    };
    const app = window as unknown as {
      Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } };
    };
    // The launch script is inline: the page's policy must let it run (its hash), or it silently does nothing.
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective));
    Object.assign(window, {
      cspViolations: violations,
      telegramEvents: events,
      TelegramWebviewProxy: {
        postEvent: (type: string, data?: string) => {
          events.push([type, data]);
          const answer = answers[type];
          if (answer) setTimeout(() => app.Telegram?.WebView?.receiveEvent?.(...answer));
        },
      },
    });
  });
}

test('in Telegram’s phone app a Vietnamese user’s bare address opens /vi/telegramPay, asks for its session and view once, and tells Telegram it is ready', async ({
  page,
}) => {
  await playTelegramsApp(page);
  const address = await telegramAddress(page, 'vi');
  expect(address.startsWith('/telegramPay')).toBe(true);
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/'))
      calls.push(`${request.method()} ${pathname} from ${new URL(request.frame().url()).pathname}`);
  });

  await page.goto(address);
  await expect(page).toHaveURL(/\/vi\/telegramPay\?tgWebAppStartParam=-1002001#tgWebAppData=/);
  await expect(page.getByTestId('account-table')).toContainText('alice');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(
    page.getByTestId('plan-form').getByRole('radio', { name: message('vi', 'Plans.names.individual_pro') }),
  ).toBeVisible();

  // The English page moved before asking anything; the Vietnamese one asked once for each.
  const apiCalls = calls.filter((call) => !call.includes('/api/vitals'));
  expect(apiCalls).toEqual([
    'POST /api/miniapp/session from /vi/telegramPay',
    'GET /api/pay/view from /vi/telegramPay',
  ]);
  const sent = async () =>
    (await page.evaluate(() => (window as unknown as { telegramEvents: string[][] }).telegramEvents)).map(
      ([type]) => type,
    );
  await expect.poll(sent).toEqual(expect.arrayContaining(['web_app_ready', 'web_app_expand']));
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect((await page.context().cookies()).filter((cookie) => cookie.name.includes('quorum-'))).toEqual([]);
});
