import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { webhookE2e } from '../playwright.config';
import { payLink } from './support/links';
import { message } from './support/messages';

const site = `http://localhost:${webhookE2e.sitePort}`;
const backend = `http://localhost:${webhookE2e.backendPort}`;

/** A signed read of the reference backend, written from the contract's own description of signatures. */
async function backendPayContext(userId: string, teamId: string) {
  const pathAndQuery = `/v1/pay-context?${new URLSearchParams({ platform: 'telegram', userId, teamId })}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', webhookE2e.secret).update(`${timestamp}.GET.${pathAndQuery}.`).digest('hex');
  const response = await fetch(`${backend}${pathAndQuery}`, {
    headers: { 'x-quorum-timestamp': timestamp, 'x-quorum-signature': `v1=${signature}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { team: { seats: number; planExpiresAt: string } };
}

test.describe('webhook mode: the site against the reference chat backend', () => {
  test.use({ baseURL: site });

  test('health reports the backend as up', async ({ request }) => {
    expect(await (await request.get('/api/health')).json()).toEqual({ status: 'ok', backend: 'up' });
  });

  test('vi: pay for 25 seats in the VNPay sandbox → processing or success, and the backend holds the new plan', async ({
    page,
  }) => {
    const before = await backendPayContext('1001', '-1002001');
    expect(before.team.seats).toBe(10);
    const secret = readFileSync(join(webhookE2e.siteDataDir, 'paylink-secret'), 'utf8').trim();
    await page.goto(await payLink({ user: '1001', team: '-1002001', prefix: '/vi' }, secret));
    await expect(page).toHaveURL(/\/vi\/pay$/);
    await expect(page.getByTestId('team-seats')).toHaveText('10');

    await page.getByRole('radio', { name: message('vi', 'Plans.names.team_pro') }).check();
    await page.locator('input[name=period][value=period1]').check();
    await page.getByRole('checkbox', { name: message('vi', 'PayPage.form.increaseSeats') }).check();
    await page.getByLabel(message('vi', 'PayPage.form.seatsLabel')).fill('25');
    await page.getByRole('button', { name: message('vi', 'PayPage.form.checkout') }).click();
    await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);
    await page.getByRole('button', { name: 'Thanh toán thành công' }).click();

    await expect(page).toHaveURL(/\/vi\/pay\?status=(processing|success)&order=[a-f0-9]{32}$/);
    // "processing" refreshes itself until the outbox has delivered the grant.
    await expect(page.locator('[data-status=success]')).toBeVisible({ timeout: 15_000 });
    const after = await backendPayContext('1001', '-1002001');
    expect(after.team.seats).toBe(25);
    expect(new Date(after.team.planExpiresAt).getTime()).toBeGreaterThan(new Date(before.team.planExpiresAt).getTime());
  });
});
