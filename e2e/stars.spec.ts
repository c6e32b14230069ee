import { devices, expect, test, type FrameLocator, type Page } from '@playwright/test';
import { message } from './support/messages';

/*
 * Telegram Stars in the Mini App on a phone. The e2e server has no bot configured: the harness
 * (/api/miniapp/harness) plays Telegram Web around the page and Telegram's payment sheet around
 * the stand-in Bot API, which sends the pre-checkout query and then the successful_payment to the
 * site's webhook, as Telegram does. linh (1010) pays a month; a month is a Stars subscription, so
 * a run first stops the renewal an earlier run left live (one live renewal per plan and owner).
 */
const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
/** The harness's words: it speaks the tester's language (English here), not the Telegram user's. */
const harness = (key: string, values?: Record<string, string | number>) =>
  message('en', `TelegramHarness.${key}`, values);

async function openPay(page: Page, language: string, user = { id: '1010', name: 'linh' }): Promise<FrameLocator> {
  await page.goto(`/api/miniapp/harness?user=${user.id}&page=pay&language=${language}`);
  const app = page.frameLocator('#harness-app');
  await expect(app.getByTestId('account-table')).toContainText(user.name);
  return app;
}

/** Stops a Stars renewal left live by an earlier run, through the page (editUserStarSubscription). */
async function stopLiveRenewal(page: Page, app: FrameLocator, language: string) {
  const stop = app.getByTestId('renewals').getByRole('button', { name: message(language, 'PayPage.renewals.stop') });
  if ((await stop.count()) === 0) return;
  await stop.first().click();
  await app.getByRole('button', { name: message(language, 'PayPage.renewals.confirm'), exact: true }).click();
  await expect(stop).toHaveCount(0);
  await openPay(page, language);
}

test.describe('Telegram Stars in the Mini App, on a phone', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });

  for (const language of ['vi', 'en']) {
    test(`pays a month in Stars (${language}): the only way offered, said to renew every 30 days, then the plan shows`, async ({
      page,
    }) => {
      let app = await openPay(page, language);
      await stopLiveRenewal(page, app, language);
      app = page.frameLocator('#harness-app');
      // Inside Telegram, Stars alone: the page says so, offers no other gateway, prices in stars from the catalogue.
      await expect(app.getByText(message(language, 'PayPage.leadInTelegram'))).toBeVisible();
      await expect(app.getByTestId('plan-form').getByRole('radio', { name: /VNPay|MoMo|PayPal/ })).toHaveCount(0);
      await expect(app.getByTestId('quote-amount')).toContainText(/⭐\s100/);
      const checkout = app.getByTestId('plan-form').getByTestId('stars-checkout');
      await expect(checkout.getByTestId('stars-terms')).toContainText('30');
      await checkout.getByRole('button').click();

      // Telegram's payment sheet, as the harness plays it.
      const sheet = page.locator('#harness-sheet');
      await expect(sheet).toBeVisible();
      await expect(page.locator('#harness-sheet-amount')).toContainText('100');
      // The harness speaks the tester's language, not the Telegram user's.
      await sheet.locator('[data-sheet-action="pay"]').click();
      await expect(sheet).toBeHidden();

      const purchase = app.getByTestId('purchase');
      await expect(purchase).toBeVisible({ timeout: 15_000 });
      await expect(purchase).toContainText('Individual Pro');
      await expect(app.getByTestId('purchase-renews')).toBeVisible();
    });

    test(`Telegram renews the month, the payer stops the renewal, Telegram refunds a payment (${language}): each shows in the page`, async ({
      page,
    }) => {
      // linh's month, paid in the test before: Telegram's side of it is the harness's list.
      let app = await openPay(page, language);
      const expiry = () =>
        app
          .getByTestId('account-table')
          .getByRole('row', { name: message(language, 'PayPage.account.expiry') })
          .getByRole('cell');
      const paidUntil = await expiry().innerText();
      const telegram = page.locator('#harness-payments-list');
      const subscription = telegram.locator('li', { hasText: harness('renewing', { days: 30 }) }).first();
      await expect(subscription).toBeVisible();

      // Telegram charges the next month: reopened, the page's plan runs a month longer.
      await subscription.getByRole('button', { name: harness('renewNow') }).click();
      await expect(telegram.locator('li').first()).not.toContainText(harness('renewing', { days: 30 }));
      app = await openPay(page, language);
      await expect(expiry()).not.toHaveText(paidUntil);
      const renewedUntil = await expiry().innerText();

      // The payer stops the renewal on the page; Telegram's subscription says so, and cannot renew.
      const stop = app
        .getByTestId('renewals')
        .getByRole('button', { name: message(language, 'PayPage.renewals.stop') });
      await stop.click();
      await app.getByRole('button', { name: message(language, 'PayPage.renewals.confirm'), exact: true }).click();
      await expect(stop).toHaveCount(0);
      await page.locator('#harness-payments-refresh').click();
      const stopped = telegram.locator('li', { hasText: harness('renewalStopped') }).first();
      await expect(stopped).toBeVisible();
      await expect(stopped.getByRole('button', { name: harness('renewNow') })).toHaveCount(0);

      // Telegram refunds the renewal, outside the site: reopened, the month it paid is taken back.
      await telegram
        .locator('li')
        .first()
        .getByRole('button', { name: harness('refund') })
        .click();
      await expect(telegram.locator('li').first()).toContainText(harness('refunded'));
      app = await openPay(page, language);
      // (By the days a month has from the payment's date: a day either way of where it stood.)
      await expect(expiry()).not.toHaveText(renewedUntil);
    });
  }

  test('Telegram’s main button pays the page’s first offer: query packs for a free account, one Stars invoice', async ({
    page,
  }) => {
    // ivan (1009) is on the free plan and buys nothing else here: the packs come first, and
    // Telegram's main button is theirs, not the plan form's below them.
    const app = await openPay(page, 'en', { id: '1009', name: 'ivan' });
    const main = page.locator('#harness-main');
    await expect(main).toBeVisible();
    await expect(main).toContainText('50');
    await main.click();
    const sheet = page.locator('#harness-sheet');
    await expect(sheet).toBeVisible();
    await expect(page.locator('#harness-sheet-amount')).toHaveText(/⭐ 50$/);
    await sheet.locator('[data-sheet-action="pay"]').click();
    const purchase = app.getByTestId('purchase');
    await expect(purchase).toBeVisible({ timeout: 15_000 });
    await expect(purchase).toContainText('100');
  });

  test('says nothing was charged when the payer closes Telegram’s sheet', async ({ page }) => {
    let app = await openPay(page, 'en');
    await stopLiveRenewal(page, app, 'en');
    app = page.frameLocator('#harness-app');
    await app.getByTestId('plan-form').getByTestId('stars-checkout').getByRole('button').click();
    await page
      .locator('#harness-sheet')
      .getByRole('button', { name: message('en', 'TelegramHarness.sheetCancel') })
      .click();
    await expect(app.getByTestId('plan-form').getByTestId('stars-checkout').getByRole('alert')).toHaveText(
      message('en', 'PayPage.form.stars.cancelled'),
    );
  });
});
