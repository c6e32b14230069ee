import { test, expect, request as playwrightRequest, type Page } from '@playwright/test';
import { openLink, payLink, teamLink } from './support/links';
import { message } from './support/messages';

/**
 * A pay or team link posted in a group chat is fetched by the chat app's preview bot (and by mail
 * and chat scanners) before the person taps it. These tests fetch each link as those clients do —
 * their own user agents, HEAD then GET, redirects followed, no cookies kept, no script run, twice —
 * and only then open it in Chromium as its owner.
 */
const previewers = [
  'TelegramBot (like TwitterBot)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'WhatsApp/2.23.20.0',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0 (Outlook SafeLinks)',
];

/** What the seeded admin's own pages show, and no preview may: names, usernames, the team, the plan. */
const personalData = ['Alice Nguyen', 'alice', 'ALICE-7Q2M', 'Acme Growth', '1001', '-1002001'];

const alice = { user: '1001', team: '-1002001' };
const commands = { pay: '/pay', team: '/team' } as const;
const linkError = (locale: string, key: string, page: 'pay' | 'team') =>
  message(locale, `LinkErrors.${key}`).replace('{command}', commands[page]);

/** Every previewer fetches the link twice, HEAD then GET, following redirects, keeping no cookies. */
async function previewEverywhere(baseURL: string, link: string): Promise<string[]> {
  const pages: string[] = [];
  for (const agent of previewers) {
    for (let round = 0; round < 2; round += 1) {
      const bot = await playwrightRequest.newContext({ baseURL, userAgent: agent, storageState: undefined });
      const head = await bot.head(link, { maxRedirects: 5 });
      expect(head.status(), `${agent} HEAD`).toBe(200);
      const get = await bot.get(link, { maxRedirects: 5 });
      expect(get.status(), `${agent} GET`).toBe(200);
      expect(get.headers()['set-cookie'], `${agent} gets no session`).toBeUndefined();
      pages.push(await get.text());
      await bot.dispose();
    }
  }
  return pages;
}

const metaContent = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

/** The pay page's message about a refused link (the alert that names its problem). */
const linkProblem = (page: Page) => page.locator('[role=alert][data-link-problem]');

async function seesOwnPayPage(page: Page) {
  await expect(page.getByTestId('team-seats')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]t=/);
}

for (const [locale, prefix] of [
  ['vi', '/vi'],
  ['en', ''],
] as const) {
  test.describe(`links previewed in a chat (${locale})`, () => {
    test('a pay link previewed by every bot still opens for its owner, and only in their browser', async ({
      page,
      browser,
      baseURL,
    }) => {
      const link = await payLink({ ...alice, prefix });
      const previews = await previewEverywhere(baseURL!, link);
      for (const html of previews) {
        expect(metaContent(html, 'og:title')).toBe(
          message(locale, 'LinkOpen.pay.title').replace('{brand}', 'Quorum AI'),
        );
        expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
        expect(metaContent(html, 'og:image')).toMatch(new RegExp(`/og/${locale}-pay\\.png$`));
        expect(metaContent(html, 'og:url')).not.toContain('t=');
        for (const data of personalData) expect(html).not.toContain(data);
      }

      await openLink(page, link);
      await seesOwnPayPage(page);
      await expect(page).toHaveURL(new RegExp(`${prefix}/pay(#handoff=[\\w.-]+)?$`));

      const elsewhere = await browser.newContext();
      const other = await elsewhere.newPage();
      await openLink(other, link);
      await expect(linkProblem(other)).toHaveText(linkError(locale, 'replayed', 'pay'));
      // One tap back to the assistant in the chat app the link came from, to ask for a new link.
      await expect(other.getByTestId('back-to-chat')).toHaveAttribute('href', 'https://t.me/QuorumAIBot');
      await expect(other.getByText('Alice Nguyen')).toHaveCount(0);
      await elsewhere.close();
    });

    test('a team link previewed by every bot still opens the team page for its admin', async ({
      page,
      browser,
      baseURL,
    }) => {
      const link = await teamLink({ ...alice, prefix });
      for (const html of await previewEverywhere(baseURL!, link)) {
        expect(metaContent(html, 'og:title')).toBe(
          message(locale, 'LinkOpen.team.title').replace('{brand}', 'Quorum AI'),
        );
        expect(metaContent(html, 'og:image')).toMatch(new RegExp(`/og/${locale}-team\\.png$`));
        for (const data of personalData) expect(html).not.toContain(data);
      }
      await openLink(page, link);
      await expect(page.getByTestId('member-table')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${prefix}/team(#handoff=[\\w.-]+)?$`));

      const elsewhere = await browser.newContext();
      const other = await elsewhere.newPage();
      await openLink(other, link);
      await expect(other.getByTestId('team-refusal').getByRole('alert')).toHaveText(
        linkError(locale, 'replayed', 'team'),
      );
      await expect(other.getByText('Acme Growth')).toHaveCount(0);
      await elsewhere.close();
    });
  });
}

test('the preview image of a link is a 1200×630 PNG served to anyone', async ({ request }) => {
  const html = await (await request.get(await payLink({ ...alice, prefix: '/jp' }))).text();
  const image = await request.get(new URL(metaContent(html, 'og:image')!).pathname);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  const png = await image.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test.describe('each way a link can fail says so, with what to do next', () => {
  test('expired, not valid, and no link at all: their own messages on /pay and /team', async ({ page, context }) => {
    const expired = Math.floor(Date.now() / 1000) - 60;
    await openLink(page, await payLink({ ...alice, prefix: '/vi', lifetime: expired }));
    await expect(linkProblem(page)).toHaveText(linkError('vi', 'expired', 'pay'));
    await expect(page).toHaveURL(/\/vi\/pay\?link=expired&chat=telegram$/);

    await openLink(page, await payLink({ ...alice, prefix: '/vi' }, 'a-forged-secret-that-is-long-enough-to-sign'));
    await expect(linkProblem(page)).toHaveText(linkError('vi', 'invalid', 'pay'));

    await openLink(page, await teamLink({ ...alice, prefix: '/vi' }, 'a-forged-secret-that-is-long-enough-to-sign'));
    await expect(page.getByTestId('team-refusal').getByRole('alert')).toHaveText(linkError('vi', 'invalid', 'team'));

    await context.clearCookies();
    await page.goto('/vi/pay');
    await expect(linkProblem(page)).toHaveText(linkError('vi', 'missing', 'pay'));
    await page.goto('/team');
    await expect(page.getByTestId('team-refusal').getByRole('alert')).toHaveText(linkError('en', 'missing', 'team'));
  });

  test('an account the assistant does not know keeps failed0 and its own message', async ({ page }) => {
    await openLink(page, await payLink({ user: '404404' }));
    await expect(page.getByTestId('failure-code')).toContainText('failed0');
    await expect(page.locator('[data-status=failed] [role=alert]')).toHaveText(message('en', 'PayPage.result.failed0'));
    await expect(linkProblem(page)).toHaveCount(0);
  });

  test('without JavaScript the opening page says it needs it, and the link stays unspent', async ({
    browser,
    page,
  }) => {
    const link = await payLink({ ...alice, prefix: '/vi' });
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(link);
    // The page stays where it is, with its message in <noscript> (Playwright turns script execution
    // off without telling the parser, so Chromium does not draw <noscript> here: its source is read),
    // and no button to press: without the script the form would carry no token.
    await expect(plain.getByRole('button')).toHaveCount(0);
    expect(await plain.locator('noscript').textContent()).toContain(message('vi', 'LinkOpen.needsJavaScript'));
    await noScript.close();
    await openLink(page, link);
    await seesOwnPayPage(page);
  });
});
