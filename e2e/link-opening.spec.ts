import { test, expect, devices, type Page } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';

/**
 * Opening a link as the world does it: a link checker that runs the page's script before the
 * person, another website sending a signed-in payer to someone else's link, a phone, and a chat
 * message whose full stop was taken into the link. Moving to another browser: link-handoff.spec.ts.
 */
const bob = { user: '1002', team: '-1002001' };
const linh = { user: '1010' };
const continueButton = (page: Page) => page.locator('form#open button[type=submit]');

test('a link checker that loads the page and runs its script spends nothing: the person then opens it', async ({
  browser,
  page,
}) => {
  const link = await payLink({ ...bob, prefix: '/vi' });
  const scanner = await browser.newContext();
  const scan = await scanner.newPage();
  await scan.goto(link);
  await expect(continueButton(scan)).toBeVisible();
  await scan.waitForTimeout(3_000);
  expect((await scanner.cookies()).filter((cookie) => cookie.name.includes('quorum-pay'))).toEqual([]);
  await scanner.close();

  await openLink(page, link);
  await expect(page.getByText('Bob Tran')).toBeVisible();
});

test('another website cannot switch a signed-in payer to its own account, nor end the session with a bad link', async ({
  page,
}) => {
  await openLink(page, await payLink(bob));
  await expect(page.getByText('Bob Tran')).toBeVisible();

  // A page elsewhere sends the visitor to the attacker's own, unused link.
  const attackersLink = new URL(await payLink(linh), page.url()).href;
  await page.route('http://elsewhere.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<script>location = ${JSON.stringify(attackersLink)}</script>` }),
  );
  await page.goto('http://elsewhere.test/');
  await expect(continueButton(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(message('en', 'LinkOpen.switchAccount'));
  await page.goto('/pay');
  await expect(page.getByText('Bob Tran')).toBeVisible();

  // A link that cannot open, even when tapped, leaves the payer's own page as it was.
  await openLink(page, '/pay?t=not-a-link');
  await expect(page).toHaveURL(/\/pay\?link=invalid$/);
  await expect(page.getByText('Bob Tran')).toBeVisible();
});

test('a link with the message’s full stop taken into it opens normally', async ({ page }) => {
  await openLink(page, `${await payLink({ ...bob, prefix: '/vi' })}.`);
  await expect(page).toHaveURL(/\/vi\/pay$/);
  await expect(page.getByText('Bob Tran')).toBeVisible();
});

test.describe('on a phone', () => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
  test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });

  test('the link opens with one tap on a button in the first screen, focused, at least 44 px tall', async ({
    page,
  }, testInfo) => {
    const started = Date.now();
    await page.goto(await payLink({ ...bob, prefix: '/vi' }));
    const button = continueButton(page);
    await expect(button).toBeVisible();
    await expect(button).toBeFocused();
    await expect(button).toHaveText(message('vi', 'LinkOpen.pay.continue'));
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    const readyAfter = Date.now() - started;
    const tapped = Date.now();
    await button.tap();
    await expect(page.getByText('Bob Tran')).toBeVisible();
    const openedAfterTap = Date.now() - tapped;
    testInfo.annotations.push({
      type: 'measured',
      description: `taps: 1; opening page ready to tap after ${readyAfter} ms; pay page shown ${openedAfterTap} ms after the tap`,
    });
    await expect(page).not.toHaveURL(/[?&]t=/);
  });
});
