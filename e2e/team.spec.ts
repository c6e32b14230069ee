import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { openLink, payLink, teamLink } from './support/links';
import { message } from './support/messages';
import { hydrated } from './support/hydration';

const alice = { user: '1001', team: '-1002001' };
const vi = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replace(new RegExp(`\\{${name}(, number)?\\}`), value),
    message('vi', `TeamPage.${key}`),
  );

/** Seats paid and used, as the overview states them (earlier specs may have bought seats for Acme). */
async function seats(page: Page) {
  const overview = page.getByTestId('team-overview');
  return {
    paid: Number(await overview.getAttribute('data-seats')),
    used: Number(await overview.getAttribute('data-seats-used')),
  };
}

/** Adds members through the API from the page itself (same origin, the page's own session). */
async function addByApi(page: Page, usernames: string[]): Promise<number[]> {
  return page.evaluate(async (names) => {
    const statuses: number[] = [];
    for (const username of names) {
      const response = await fetch('/api/team/members', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ platform: 'telegram', username }),
      });
      statuses.push(response.status);
    }
    return statuses;
  }, usernames);
}

const row = (page: Page, username: string) => page.locator(`tr[data-member="${username}"]`);

/**
 * Alice's team page in Vietnamese, ready for what needs JavaScript (live search, the add form): the
 * page paints before React has hydrated it, and a search typed before then has no listener.
 */
async function openAlicesTeamPage(page: Page): Promise<void> {
  await openLink(page, await teamLink({ ...alice, prefix: '/vi' }));
  await hydrated(page);
}

test.describe.serial('the team page of Acme Growth, as its admin, in Vietnamese', () => {
  test('opens from a team link: the token leaves the URL, the team and its members show', async ({ page }) => {
    await openAlicesTeamPage(page);
    await expect(page).toHaveURL(/\/vi\/team(#handoff=[\w.-]+)?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('vi', 'TeamPage.heading'));
    await expect(page.getByTestId('team-overview')).toContainText('Acme Growth');
    await expect(page.getByTestId('team-overview')).toContainText(message('vi', 'Plans.names.team_pro'));
    await expect(row(page, 'alice')).toContainText(vi('members.roles.admin'));
    await expect(row(page, 'ivan')).toContainText(vi('members.statuses.blocked'));
    await expect(page.getByTestId('member-table').locator('tbody tr')).toHaveCount((await seats(page)).used);
  });

  test('searches by name with the search box, and shows everyone again', async ({ page }) => {
    await openAlicesTeamPage(page);
    await page.getByLabel(vi('members.searchLabel')).fill('tran');
    await expect(page).toHaveURL(/\/vi\/team\?q=tran$/);
    await expect(page.getByTestId('member-table').locator('tbody tr')).toHaveCount(1);
    await expect(row(page, 'bob')).toContainText('Bob Tran');
    await page.getByRole('link', { name: vi('members.clearSearch') }).click();
    await expect(page).toHaveURL(/\/vi\/team(#handoff=[\w.-]+)?$/);
    await expect(row(page, 'alice')).toBeVisible();
  });

  test('adds a known member and an invited one; fills the seats; the next add hits the seat limit', async ({
    page,
  }) => {
    await openAlicesTeamPage(page);
    const username = page.getByLabel(vi('add.username', { platform: 'Telegram' }));
    const submit = page.getByRole('button', { name: vi('add.submit') });

    await username.fill('linh');
    await submit.click();
    await expect(page.getByTestId('team-announcement')).toHaveText(vi('add.added', { username: '@linh' }));
    await expect(row(page, 'linh')).toContainText('Linh Hoang');
    await expect(row(page, 'linh')).toContainText(vi('members.statuses.active'));

    // Fill all but one seat behind the page's back, then take the last one from the page.
    const { paid, used } = await seats(page);
    const fillers = Array.from({ length: paid - used - 1 }, (_, i) => `filler_${i + 1}`);
    expect(await addByApi(page, fillers)).toEqual(fillers.map(() => 201));
    await page.reload();
    await username.fill('@New_Colleague');
    await submit.click();
    // The newest member joins the end of the list, past the first page once the team has more
    // seats than a page holds: the search finds them.
    await expect(page.getByTestId('team-announcement')).toContainText('@New_Colleague');
    await page.getByLabel(vi('members.searchLabel')).fill('New_Colleague');
    await expect(row(page, 'New_Colleague')).toContainText(vi('members.statuses.invited'));
    await expect(row(page, 'New_Colleague')).toContainText(vi('members.notJoinedYet'));

    // Every seat is taken: the form gives way to the seat-limit notice, and the API says 409.
    await expect(page.getByTestId('seats-notice')).toContainText(vi('add.seatsFull'));
    expect(await addByApi(page, ['one_too_many'])).toEqual([409]);
    await page.reload();
    await expect(page.getByTestId('team-overview')).toHaveAttribute('data-seats-used', String(paid));
    await expect(page.getByRole('button', { name: vi('add.submit') })).toHaveCount(0);
    const link = page.getByRole('link', { name: vi('add.addSeats') });
    await expect(link).toHaveAttribute(
      'href',
      new RegExp(`^/vi/pay\\?plan=team_pro&seats=${Math.ceil((paid + 1) / 10) * 10}$`),
    );
  });

  test('the seat-limit link opens the pay page with the team plan and a larger size; buying 40 seats shows here at once', async ({
    page,
  }) => {
    await openAlicesTeamPage(page);
    const { used } = await seats(page);
    await page.getByRole('link', { name: vi('add.addSeats') }).click();
    await expect(page).toHaveURL(/\/vi\/pay\?plan=team_pro&seats=\d+$/);
    const size = Number(new URL(page.url()).searchParams.get('seats'));
    await expect(
      page.getByTestId('plan-form').getByRole('radio', { name: message('vi', 'Plans.names.team_pro') }),
    ).toBeChecked();
    await expect(
      page.getByTestId('plan-form').getByRole('checkbox', { name: message('vi', 'PayPage.form.increaseSeats') }),
    ).toBeChecked();
    await expect(page.getByLabel(message('vi', 'PayPage.form.seatsLabel'))).toHaveValue(String(size));
    // The pay page counts the same members as the team page.
    await expect(page.getByTestId('team-table')).toContainText(String(used));

    await page.getByLabel(message('vi', 'PayPage.form.seatsLabel')).fill('40');
    await page.getByRole('button', { name: message('vi', 'PayPage.form.checkout') }).click();
    await page.getByRole('button', { name: 'Thanh toán thành công' }).click();
    await expect(page.locator('[data-status=success]')).toBeVisible();

    await page.goto('/vi/team');
    await expect(page.getByTestId('team-overview')).toHaveAttribute('data-seats', '40');
    await expect(page.getByRole('button', { name: vi('add.submit') })).toBeVisible();
  });

  test('pages through more members than fit on a page, and searching starts again from page one', async ({ page }) => {
    await openAlicesTeamPage(page);
    // New members (the seats bought above leave room), at least five and enough for two pages of 25
    // however many earlier specs added.
    const { paid, used } = await seats(page);
    const extra = Array.from({ length: Math.min(paid - used, Math.max(5, 26 - used)) }, (_, i) => `pager_${i + 1}`);
    expect(await addByApi(page, extra)).toEqual(extra.map(() => 201));
    const total = used + extra.length;
    expect(total).toBeGreaterThan(25);
    expect(total).toBeLessThanOrEqual(50);
    await page.reload();
    const rows = page.getByTestId('member-table').locator('tbody tr');
    const names = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-member')));
    await expect(rows).toHaveCount(25);
    const firstPage = await names();
    await expect(page.getByText(vi('members.pageOf', { page: '1', pages: '2' }), { exact: true })).toBeVisible();
    await page.getByRole('link', { name: vi('members.next') }).click();
    await expect(page).toHaveURL(/\/vi\/team\?page=2$/);
    await expect(rows).toHaveCount(total - 25);
    // Join order: the newest member is on the last page, and no one is on both pages.
    const secondPage = await names();
    expect(secondPage).toContain(extra.at(-1));
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    await page.getByRole('link', { name: vi('members.previous') }).click();
    await expect(page).toHaveURL(/\/vi\/team(#handoff=[\w.-]+)?$/);
    await expect(rows).toHaveCount(25);

    await page.getByLabel(vi('members.searchLabel')).fill('pager_1');
    await expect(page).toHaveURL(/\?q=pager_1$/);
    await expect(rows.first()).toContainText('pager_1');
  });

  test('blocks and unblocks a member after confirming; the admin has no Block button on their own row', async ({
    page,
  }) => {
    await openAlicesTeamPage(page);
    await page.getByRole('button', { name: vi('members.blockMember', { name: 'Bob Tran' }) }).click();
    const dialog = page.getByRole('dialog', { name: vi('confirm.blockTitle', { name: 'Bob Tran' }) });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: vi('members.block'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('team-announcement')).toHaveText(vi('confirm.blocked', { name: 'Bob Tran' }));
    await expect(row(page, 'bob')).toContainText(vi('members.statuses.blocked'));

    await page.getByRole('button', { name: vi('members.unblockMember', { name: 'Bob Tran' }) }).click();
    const undo = page.getByRole('dialog', { name: vi('confirm.unblockTitle', { name: 'Bob Tran' }) });
    await undo.getByRole('button', { name: vi('members.unblock'), exact: true }).click();
    await expect(row(page, 'bob')).toContainText(vi('members.statuses.active'));

    // Alice is the admin this link is for: she cannot start blocking herself (the API's last-admin rule stays).
    await expect(row(page, 'alice').getByRole('button')).toHaveCount(0);
    await expect(row(page, 'alice')).toContainText(vi('members.self'));
    await expect(row(page, 'alice')).toContainText(vi('members.statuses.active'));
  });

  test('works from the keyboard: the dialog takes focus, Escape closes it and focus returns', async ({ page }) => {
    await openAlicesTeamPage(page);
    const button = page.getByRole('button', { name: vi('members.blockMember', { name: 'Bob Tran' }) });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: vi('confirm.cancel') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(row(page, 'bob')).toContainText(vi('members.statuses.active'));
  });
});

test.describe('who may not open the team page', () => {
  const refusedWithoutTeamData = async (page: Page, code: string) => {
    await expect(page.getByTestId('team-refusal')).toHaveAttribute('data-code', code);
    await expect(page.getByText('Acme Growth')).toHaveCount(0);
    await expect(page.getByText('Alice Nguyen')).toHaveCount(0);
    await expect(page.getByTestId('member-table')).toHaveCount(0);
  };

  test('a member who is not an admin gets a translated refusal', async ({ page }) => {
    await openLink(page, await teamLink({ user: '1002', team: '-1002001', prefix: '/vi' }));
    await refusedWithoutTeamData(page, 'not_team_admin');
    await expect(page.getByTestId('team-refusal').getByRole('alert')).toHaveText(vi('errors.not_team_admin'));
  });

  test('a pay link, a forged link, an expired link and an unknown team are refused', async ({ page, context }) => {
    await openLink(page, await payLink({ ...alice, page: 'team' }));
    await refusedWithoutTeamData(page, 'no_team_session');
    await context.clearCookies();
    await openLink(page, await teamLink(alice, 'a-forged-secret-that-is-long-enough-to-sign'));
    await refusedWithoutTeamData(page, 'no_team_session');
    await openLink(page, await payLink({ ...alice, audience: 'team', lifetime: Math.floor(Date.now() / 1000) - 3600 }));
    await refusedWithoutTeamData(page, 'no_team_session');
    await openLink(page, await teamLink({ user: '1001', team: '-404' }));
    await refusedWithoutTeamData(page, 'team_not_found');
  });

  test("a team link's session never reaches another team's members through the API", async ({ page }) => {
    await openLink(page, await teamLink({ platform: 'discord', user: 'D2001', team: '920001' }));
    const saraId = await page.locator('tr[data-member="sara"]').getAttribute('data-member-id');
    await openLink(page, await teamLink(alice));
    const status = await page.evaluate(
      async (id) => (await fetch(`/api/team/members/${id}/block`, { method: 'POST' })).status,
      saraId,
    );
    expect(status).toBe(404);
  });
});

test.describe('without JavaScript', () => {
  test('search and paging still work: a GET form and plain links', async ({ browser }) => {
    // Opening a link takes the opening page's script (a preview must not spend it); the session it
    // gives is then used by a browser with JavaScript off.
    const opener = await browser.newContext();
    const opening = await opener.newPage();
    await openLink(opening, await teamLink(alice));
    await expect(opening.getByTestId('member-table')).toBeVisible();
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await opener.storageState() });
    await opener.close();
    const page = await context.newPage();
    await page.goto('/team');
    await page.getByLabel(message('en', 'TeamPage.members.searchLabel')).fill('pager_2');
    await page.getByRole('button', { name: message('en', 'TeamPage.members.searchButton') }).click();
    await expect(page).toHaveURL(/\/team\?q=pager_2$/);
    await expect(page.locator('tr[data-member="pager_2"]')).toBeVisible();
    await expect(page.locator('tr[data-member="alice"]')).toHaveCount(0);
    await page.goto('/team');
    const { used } = await seats(page);
    await page.getByRole('link', { name: message('en', 'TeamPage.members.next') }).click();
    await expect(page).toHaveURL(/\/team\?page=2$/);
    await expect(page.getByTestId('member-table').locator('tbody tr')).toHaveCount(used - 25);
    await context.close();
  });
});

test.describe('quality', () => {
  // axe judges what a visitor sees once things have settled: an entrance animation caught halfway
  // (a card at half opacity) would read as low contrast. The animations have their own test
  // (e2e/motion.spec.ts).
  test.use({ reducedMotion: 'reduce' });
  for (const prefix of ['/vi', '/ur']) {
    test(`${prefix}/team has no axe violations${prefix === '/ur' ? ' and is right-to-left' : ''}`, async ({ page }) => {
      test.setTimeout(150_000); // axe runs twice on a large page, on a shared 2-core machine
      await openLink(page, await teamLink({ ...alice, prefix }));
      // axe reads every frame of the page: it runs once the team page has arrived and is hydrated, not
      // while the link's page is still giving way to it.
      await hydrated(page);
      await expect(page.getByTestId('member-table')).toBeVisible();
      if (prefix === '/ur') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
      await page.getByRole('button', { name: /Bob Tran/ }).click();
      const dialog = await new AxeBuilder({ page }).include('dialog').analyze();
      expect(dialog.violations).toEqual([]);
    });
  }

  test('fits a 320 px screen: the page never scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openLink(page, await teamLink({ ...alice, prefix: '/ur' }));
    await expect(page.getByTestId('member-table')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  for (const prefix of ['/vi', '/ur']) {
    test(`${prefix}: on a 360×740 phone each member's name, status and Block button are within the screen`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await openLink(page, await teamLink({ ...alice, prefix }));
      const rows = page.locator('tr[data-member]');
      await expect(rows.first()).toBeVisible();
      const outside = await rows.evaluateAll((trs) =>
        trs.flatMap((tr) => {
          const parts = [tr.querySelector('td'), tr.querySelector('[data-status]'), tr.querySelector('button')];
          return parts.flatMap((part, index) => {
            if (!part && index === 2 && tr.hasAttribute('data-self')) return [];
            const box = part?.getBoundingClientRect();
            const inside = box && box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
            return inside ? [] : [`${tr.getAttribute('data-member')}: ${['name', 'status', 'button'][index]}`];
          });
        }),
      );
      expect(outside).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});
