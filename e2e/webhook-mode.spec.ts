import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { webhookE2e } from '../playwright.config';
import { hydrated } from './support/hydration';
import { openLink, payLink, teamLink } from './support/links';
import { message } from './support/messages';

const site = `http://localhost:${webhookE2e.sitePort}`;
const backend = `http://localhost:${webhookE2e.backendPort}`;
const downSite = `http://localhost:${webhookE2e.downSitePort}`;
const linkSecret = (dataDir: string) => readFileSync(join(dataDir, 'paylink-secret'), 'utf8').trim();

/** A signed read of the reference backend, written from the contract's own description of signatures. */
async function backendGet<T>(path: string, query: Record<string, string>): Promise<T> {
  const pathAndQuery = `${path}?${new URLSearchParams(query)}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', webhookE2e.secret).update(`${timestamp}.GET.${pathAndQuery}.`).digest('hex');
  const response = await fetch(`${backend}${pathAndQuery}`, {
    headers: { 'x-quorum-timestamp': timestamp, 'x-quorum-signature': `v1=${signature}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const backendPayContext = (userId: string, teamId: string) =>
  backendGet<{ team: { seats: number; planExpiresAt: string } }>('/v1/pay-context', {
    platform: 'telegram',
    userId,
    teamId,
  });

/** What the backend holds for one member of Acme Growth, asked as its admin alice. */
async function backendMember(username: string) {
  const { page } = await backendGet<{ page: { members: Array<{ username: string; status: string }> } }>(
    '/v1/team/members',
    { platform: 'telegram', teamId: '-1002001', actorUserId: '1001', q: username, page: '1', pageSize: '25' },
  );
  return page.members.find((member) => member.username === username);
}

const teamText = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replace(`{${name}}`, value),
    message('vi', `TeamPage.${key}`),
  );
const row = (page: Page, username: string) => page.locator(`tr[data-member="${username}"]`);

test.describe('webhook mode: the site against the reference chat backend', () => {
  test.use({ baseURL: site });

  test('health reports the backend as up', async ({ request }) => {
    expect(await (await request.get('/api/health')).json()).toEqual({ status: 'ok', backend: 'up' });
  });

  test('vi: pay for 25 seats in the VNPay sandbox → processing or success, and the backend holds the new plan with 30 seats', async ({
    page,
  }) => {
    const before = await backendPayContext('1001', '-1002001');
    expect(before.team.seats).toBe(10);
    await openLink(
      page,
      await payLink({ user: '1001', team: '-1002001', prefix: '/vi' }, linkSecret(webhookE2e.siteDataDir)),
    );
    await expect(page).toHaveURL(/\/vi\/pay(#handoff=[\w.-]+)?$/);
    await expect(page.getByTestId('team-seats')).toHaveText('10');

    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('vi', 'Plans.names.team_pro') })
      .check();
    await page.locator('input[name=period][value=period1]').check();
    await page
      .getByTestId('plan-form')
      .getByRole('checkbox', { name: message('vi', 'PayPage.form.increaseSeats') })
      .check();
    await page.getByLabel(message('vi', 'PayPage.form.seatsLabel')).fill('25');
    await page.getByRole('button', { name: message('vi', 'PayPage.form.checkout') }).click();
    await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);
    await page.getByRole('button', { name: 'Thanh toán thành công' }).click();

    await expect(page).toHaveURL(/\/vi\/pay\?status=(processing|success)&order=[a-f0-9]{32}$/);
    // "processing" refreshes itself until the outbox has delivered the grant.
    await expect(page.locator('[data-status=success]')).toBeVisible();
    const after = await backendPayContext('1001', '-1002001');
    // 25 seats asked are 3 blocks: the backend is granted every seat of them.
    expect(after.team.seats).toBe(30);
    expect(new Date(after.team.planExpiresAt).getTime()).toBeGreaterThan(new Date(before.team.planExpiresAt).getTime());
  });

  test('vi: the team page through the contract: a team link shows the members; add, block and unblock reach the backend', async ({
    page,
  }) => {
    await openLink(
      page,
      await teamLink({ user: '1001', team: '-1002001', prefix: '/vi' }, linkSecret(webhookE2e.siteDataDir)),
    );
    await expect(page).toHaveURL(/\/vi\/team(#handoff=[\w.-]+)?$/);
    await expect(page.getByTestId('team-overview')).toContainText('Acme Growth');
    await expect(row(page, 'alice')).toContainText(teamText('members.roles.admin'));
    await expect(row(page, 'ivan')).toContainText(teamText('members.statuses.blocked'));

    // The add form needs JavaScript: the page paints before React hydrates it, and a press before
    // then submits nothing (a busy machine shows the gap).
    await hydrated(page);
    // A username the assistant has not met: invited, whatever an earlier run added.
    const username = `wh_${Date.now().toString(36)}`;
    await page.getByLabel(teamText('add.username', { platform: 'Telegram' })).fill(username);
    await page.getByRole('button', { name: teamText('add.submit') }).click();
    await expect(page.getByTestId('team-announcement')).toHaveText(
      teamText('add.invited', { username: `@${username}` }),
    );
    await expect(row(page, username)).toContainText(teamText('members.statuses.invited'));
    expect(await backendMember(username)).toMatchObject({ status: 'invited' });

    const name = `@${username}`;
    await page.getByRole('button', { name: teamText('members.blockMember', { name }) }).click();
    await page
      .getByRole('dialog', { name: teamText('confirm.blockTitle', { name }) })
      .getByRole('button', { name: teamText('members.block'), exact: true })
      .click();
    await expect(row(page, username)).toContainText(teamText('members.statuses.blocked'));
    expect(await backendMember(username)).toMatchObject({ status: 'blocked' });

    await page.getByRole('button', { name: teamText('members.unblockMember', { name }) }).click();
    await page
      .getByRole('dialog', { name: teamText('confirm.unblockTitle', { name }) })
      .getByRole('button', { name: teamText('members.unblock'), exact: true })
      .click();
    await expect(row(page, username)).toContainText(teamText('members.statuses.invited'));
    expect(await backendMember(username)).toMatchObject({ status: 'invited' });
  });
});

test.describe('webhook mode with the chat backend down', () => {
  test('vi: a team link opens the translated 503 page with Retry-After and no team data, never a 500', async ({
    page,
  }) => {
    const link = await teamLink(
      { user: '1001', team: '-1002001', prefix: '/vi' },
      linkSecret(webhookE2e.downSiteDataDir),
    );
    // The link's opening page posts the token; the team page it then opens is the 503.
    const teamPage = page.waitForResponse((r) => r.request().method() === 'GET' && /\/vi\/team$/.test(r.url()));
    await openLink(page, `${downSite}${link}`);
    const response = await teamPage;
    expect(response.status()).toBe(503);
    expect(response.headers()['retry-after']).toBe('5');
    await expect(page).toHaveURL(/\/vi\/team(#handoff=[\w.-]+)?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('vi', 'ServiceStatus.unavailableHeading'));
    await expect(page.locator('body')).not.toContainText('Acme Growth');
  });
});
