import { devices, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { message } from './support/messages';

/*
 * The pay and team pages as a Telegram Mini App. The e2e server has no bot configured, so it verifies initData
 * for the stand-in bot, whose harness (/api/miniapp/harness) plays Telegram Web around the page. The
 * framing cases put the page inside a page the browser loads from https://web.telegram.org (served
 * by the test itself): a cross-site frame, as in Telegram Web.
 */
// The framing page is "public" (https://web.telegram.org) and the site under test is on localhost:
// Chromium's local-network-access check would stop that frame before its CSP is ever read. Blocking
// third-party cookies makes the frame what Telegram Web is for many of its users: cookieless.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-features=LocalNetworkAccessChecks',
      '--test-third-party-cookie-phaseout',
    ],
  },
});

const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
const harness = (language: string, extra = '') =>
  `/api/miniapp/harness?user=1001&page=pay&team=-1002001&language=${language}${extra}`;

async function openInHarness(page: Page, language: string) {
  await page.goto(harness(language));
  const app = page.frameLocator('#harness-app');
  await expect(app.getByTestId('account-table')).toContainText('alice');
  return app;
}

test.describe('the Mini App on a phone, in the harness', () => {
  test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });

  test('opens /pay in Vietnamese, Telegram’s language for the user, with the account and team, and no cookie', async ({
    page,
    context,
  }) => {
    const app = await openInHarness(page, 'vi');
    const frame = page.frame({ url: /\/vi\/telegramPay/ });
    expect(frame, 'the bare /telegramPay moved to the user’s language').not.toBeNull();
    await expect(app.locator('html')).toHaveAttribute('lang', 'vi');
    await expect(app.getByTestId('team-table')).toBeVisible();
    // Telegram's window frames the page: no site header, no "Open in another browser".
    await expect(app.locator('header.site-header, footer.site-footer')).toHaveCount(0);
    await expect(page.locator('body')).toHaveAttribute('data-app-ready', 'true');
    await expect(page.locator('#harness-back')).toBeHidden();
    expect((await context.cookies()).filter((cookie) => cookie.name.includes('quorum-'))).toEqual([]);
  });

  test('opens /pay in English for an English-speaking user, and follows Telegram’s theme as it changes', async ({
    page,
  }) => {
    const app = await openInHarness(page, 'en');
    expect(page.frame({ url: /localhost:\d+\/telegramPay/ })).not.toBeNull();
    await expect(app.locator('html')).toHaveAttribute('lang', 'en');
    await expect(app.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const background = () => app.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    await expect.poll(background).toBe('rgb(255, 255, 255)');
    await page.getByRole('button', { name: message('en', 'TelegramHarness.dark') }).click();
    await expect.poll(background).toBe('rgb(33, 33, 33)');
    await expect(app.locator('html')).toHaveCSS('color-scheme', 'dark');
  });
});

/** alice (1001), the admin of Acme Growth, opens the team Mini App from the team's chat. */
const teamHarness = (language: string) => `/api/miniapp/harness?user=1001&page=team&team=-1002001&language=${language}`;
/** A TeamPage message in `language`, its `{name}` arguments filled in. */
const teamText = (language: string, key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replace(`{${name}}`, value),
    message(language, `TeamPage.${key}`),
  );

async function openTeamInHarness(page: Page, language: string) {
  await page.goto(teamHarness(language));
  const app = page.frameLocator('#harness-app');
  await expect(app.locator('tr[data-member="alice"]')).toBeVisible();
  // The page is hydrated once the table is drawn: the Mini App draws nothing before its session.
  return { app, row: (username: string) => app.locator(`tr[data-member="${username}"]`) };
}

/**
 * A team plan another spec left renewing by itself (one live renewal per plan: no second payment
 * while it runs) is stopped first, on the Mini App's pay page, as its admin would.
 */
async function stopTeamRenewal(page: Page) {
  await page.goto('/api/miniapp/harness?user=1001&page=pay&team=-1002001&language=vi');
  const app = page.frameLocator('#harness-app');
  await expect(app.getByTestId('account-table')).toContainText('alice');
  const stop = app.getByTestId('renewals').getByRole('button', { name: message('vi', 'PayPage.renewals.stop') });
  while ((await stop.count()) > 0) {
    const before = await stop.count();
    await stop.first().click();
    await app.getByRole('button', { name: message('vi', 'PayPage.renewals.confirm'), exact: true }).click();
    await expect(stop).toHaveCount(before - 1);
  }
}

test.describe('the team page inside Telegram, on a phone, in the harness', () => {
  test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });

  test('vi: the admin adds a member and sees them in the list, then blocks them and sees the status change', async ({
    page,
    context,
  }) => {
    const { app, row } = await openTeamInHarness(page, 'vi');
    const t = (key: string, values?: Record<string, string>) => teamText('vi', key, values);
    await expect(app.locator('html')).toHaveAttribute('lang', 'vi');
    // Her own row offers no Block button, and says why.
    await expect(row('alice').getByRole('button')).toHaveCount(0);
    await expect(row('alice')).toContainText(t('members.self'));

    await app.getByLabel(t('add.username', { platform: 'Telegram' })).fill('mini_guest');
    await app.getByRole('button', { name: t('add.submit') }).click();
    await expect(app.getByTestId('team-announcement')).toHaveText(t('add.invited', { username: '@mini_guest' }));
    // Earlier specs fill the team: the new member may be on a later page, so the admin searches for them.
    await app.getByRole('searchbox', { name: t('members.searchLabel') }).fill('mini_guest');
    await expect(row('mini_guest')).toContainText(t('members.statuses.invited'));

    await app.getByRole('button', { name: t('members.blockMember', { name: '@mini_guest' }) }).click();
    const dialog = app.getByRole('dialog');
    await expect(dialog).toContainText(t('confirm.blockTitle', { name: '@mini_guest' }));
    await dialog.getByRole('button', { name: t('members.block'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(app.getByTestId('team-announcement')).toHaveText(t('confirm.blocked', { name: '@mini_guest' }));
    await expect(row('mini_guest')).toContainText(t('members.statuses.blocked'));
    // The focus is back on the row's button, which now unblocks.
    await expect(app.getByRole('button', { name: t('members.unblockMember', { name: '@mini_guest' }) })).toBeFocused();
    // All of it with the session in memory: no cookie, and the page never left where it opened.
    expect((await context.cookies()).filter((cookie) => cookie.name.includes('quorum-'))).toEqual([]);
    await expect(page.locator('#harness-back')).toBeHidden();
  });

  test('en: the admin searches, blocks and unblocks a member from the keyboard, and shows everyone again', async ({
    page,
  }) => {
    const { app, row } = await openTeamInHarness(page, 'en');
    const t = (key: string, values?: Record<string, string>) => teamText('en', key, values);
    await app.getByRole('searchbox', { name: t('members.searchLabel') }).fill('giang');
    await expect(row('alice')).toHaveCount(0);
    await expect(app.getByTestId('member-table').locator('tbody tr')).toHaveCount(1);

    const block = app.getByRole('button', { name: t('members.blockMember', { name: 'Giang Vo' }) });
    await block.focus();
    await page.keyboard.press('Enter');
    const dialog = app.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: t('confirm.cancel') })).toBeFocused();
    await dialog.getByRole('button', { name: t('members.block'), exact: true }).click();
    await expect(row('giang')).toContainText(t('members.statuses.blocked'));
    await expect(app.getByTestId('team-announcement')).toHaveText(t('confirm.blocked', { name: 'Giang Vo' }));

    const unblock = app.getByRole('button', { name: t('members.unblockMember', { name: 'Giang Vo' }) });
    await expect(unblock).toBeFocused();
    await page.keyboard.press('Enter');
    await app
      .getByRole('dialog')
      .getByRole('button', { name: t('members.unblock'), exact: true })
      .click();
    await expect(row('giang')).toContainText(t('members.statuses.active'));

    await app.getByRole('button', { name: t('members.clearSearch') }).click();
    await expect(row('alice')).toBeVisible();
    await expect(app.getByRole('searchbox', { name: t('members.searchLabel') })).toHaveValue('');
  });

  test('vi: the admin follows “Add seats” to the Mini App’s pay page, with Team Pro, the next block of seats and Telegram Stars; Telegram’s back button returns to the team page', async ({
    page,
    context,
  }) => {
    await stopTeamRenewal(page);
    const { app, row } = await openTeamInHarness(page, 'vi');
    const t = (key: string, values?: Record<string, string>) => teamText('vi', key, values);
    const pay = (key: string) => message('vi', `PayPage.${key}`);
    const overview = app.getByTestId('team-overview');
    const paid = Number(await overview.getAttribute('data-seats'));
    const used = Number(await overview.getAttribute('data-seats-used'));
    // One block of ten more than the team needs, as the browser's /team asks /pay for.
    const seats = Math.ceil((Math.max(paid, used) + 1) / 10) * 10;
    const addSeats = overview.getByRole('link', { name: t('overview.addSeats') });
    await expect(addSeats).toHaveAttribute('href', `/vi/telegramPay?plan=team_pro&seats=${seats}`);
    await addSeats.click();

    // The Mini App's pay page, in the same language and still inside Telegram's window, for alice and her team.
    const planForm = app.getByTestId('plan-form');
    await expect(planForm).toBeVisible();
    await expect
      .poll(() => page.frames().map((frame) => new URL(frame.url()).pathname + new URL(frame.url()).search))
      .toContain(`/vi/telegramPay?plan=team_pro&seats=${seats}`);
    await expect(app.getByTestId('account-table')).toContainText('alice');
    await expect(app.getByTestId('team-table')).toBeVisible();
    await expect(app.locator('header.site-header, footer.site-footer')).toHaveCount(0);
    // Team Pro and the seats the link asked for, chosen; Telegram Stars the one way to pay.
    await expect(planForm.getByRole('radio', { name: message('vi', 'Plans.names.team_pro') })).toBeChecked();
    await expect(planForm.getByRole('checkbox', { name: pay('form.increaseSeats') })).toBeChecked();
    await expect(planForm.getByLabel(pay('form.seatsLabel'))).toHaveValue(String(seats));
    await expect(planForm.getByRole('radio', { name: pay('form.gateways.telegram_stars') })).toBeChecked();
    await expect(planForm.getByRole('radio', { name: /VNPay|MoMo|PayPal/ })).toHaveCount(0);
    await expect(app.getByTestId('quote-amount')).toContainText('⭐');
    // Telegram's main button pays for that plan (the form shown first), not for a pack of queries.
    const payButton = planForm.getByTestId('stars-checkout').getByRole('button');
    await expect(payButton).toContainText('⭐');
    await expect(page.locator('#harness-main')).toHaveText(await payButton.innerText());

    // Telegram's back button is up, away from where the Mini App opened, and brings the admin back.
    await expect(page.locator('#harness-back')).toBeVisible();
    await page.locator('#harness-back').click();
    await expect(row('alice')).toBeVisible();
    await expect(app.getByTestId('team-overview')).toBeVisible();
    expect(page.frames().some((frame) => new URL(frame.url()).pathname === '/vi/telegramTeam')).toBe(true);
    await expect(page.locator('#harness-back')).toBeHidden();
    await expect(page.locator('#harness-main')).toBeHidden();
    expect((await context.cookies()).filter((cookie) => cookie.name.includes('quorum-'))).toEqual([]);
  });
});

/** The Mini App's address as the harness signs it (a fresh initData for alice). */
async function harnessFrameSource(page: Page, language: string): Promise<string> {
  const html = await (await page.request.get(harness(language))).text();
  const src = /<iframe id="harness-app"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
  expect(src, 'the harness frames the Mini App').toBeTruthy();
  return src!.replaceAll('&amp;', '&');
}

/** A page of another origin, served by the test, that frames `target`. */
async function framedBy(page: Page, parent: string, target: string) {
  await page.route(`${parent}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>frame</title><iframe id="app" style="width:400px;height:700px" src="${target}"></iframe>`,
    }),
  );
  const refusals: string[] = [];
  page.on('console', (entry) => {
    if (/frame-ancestors/.test(entry.text())) refusals.push(entry.text());
  });
  await page.goto(`${parent}/k/`);
  return refusals;
}

test.describe('who may frame the Mini App', () => {
  test('Telegram Web frames the Mini App page cross-site, and it opens with its session in memory', async ({
    page,
    baseURL,
  }) => {
    const src = await harnessFrameSource(page, 'en');
    const refusals = await framedBy(page, 'https://web.telegram.org', `${baseURL}${src}`);
    await expect(page.frameLocator('#app').getByTestId('account-table')).toContainText('alice');
    expect(refusals).toEqual([]);
    expect(await page.context().cookies(baseURL)).toEqual([]);
  });

  test('refuses initData that is not Telegram’s for this bot, in the user’s language, with no page', async ({
    page,
    baseURL,
  }) => {
    const src = await harnessFrameSource(page, 'vi');
    const forged = src.replace(
      /(%26hash%3D)([0-9a-f])/,
      (_, mark: string, c: string) => `${mark}${c === 'a' ? 'b' : 'a'}`,
    );
    expect(forged).not.toBe(src);
    await framedBy(page, 'https://web.telegram.org', `${baseURL}${forged}`);
    const app = page.frameLocator('#app');
    await expect(app.getByTestId('miniapp-problem')).toHaveAttribute('data-problem', 'signature');
    await expect(app.getByTestId('miniapp-problem')).toContainText(message('vi', 'MiniApp.refusal.signature'));
    await expect(app.getByTestId('account-table')).toHaveCount(0);
  });

  test('Telegram Web cannot frame /pay, nor any page but the Mini App’s', async ({ page, baseURL }) => {
    const refusals = await framedBy(page, 'https://web.telegram.org', `${baseURL}/pay`);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await expect(page.frameLocator('#app').locator('main')).toHaveCount(0);
  });

  test('another site cannot frame the Mini App page', async ({ page, baseURL }) => {
    const src = await harnessFrameSource(page, 'en');
    const refusals = await framedBy(page, 'https://clickjack.example', `${baseURL}${src}`);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await expect(page.frameLocator('#app').getByTestId('account-table')).toHaveCount(0);
  });

  test('says so in the headers: the Mini App’s pages allow Telegram Web, every other page nobody', async ({
    request,
  }) => {
    const policy = async (path: string) => (await request.get(path)).headers()['content-security-policy'] ?? '';
    for (const path of ['/telegramPay', '/vi/telegramPay', '/telegramTeam']) {
      expect(await policy(path)).toContain("frame-ancestors 'self' https://web.telegram.org");
    }
    for (const path of ['/', '/pay', '/team', '/vi/pay', '/join']) {
      expect(await policy(path)).toContain("frame-ancestors 'none'");
    }
  });
});
