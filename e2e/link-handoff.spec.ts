import { test, expect, type Browser, type Page } from '@playwright/test';
import { openLink, payLink, teamLink } from './support/links';
import { message } from './support/messages';

/**
 * Moving a page to another browser ("Open in Chrome/Safari" from a chat app's browser), with the
 * people who could read the handoff off a screen, a history or a shared address: each browser is a
 * context of its own, as another browser or another person's phone would be.
 */
const bob = { user: '1002', team: '-1002001' };
const linh = { user: '1010' };
/** An admin of the team -1002001. */
const alice = { user: '1001', team: '-1002001' };

/** "Open in another browser" on a page this browser holds: the address it then hands on. */
async function openInAnotherBrowser(page: Page, locale = 'vi'): Promise<string> {
  await page.getByRole('button', { name: message(locale, 'LinkHandoff.move') }).click();
  await expect(page).toHaveURL(/#handoff=[\w.-]+$/);
  return page.url();
}

/** Another browser (or person) opening an address. */
async function elsewhere(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(address);
  return other;
}

const continueButton = (page: Page, locale = 'vi') =>
  page.getByTestId('handoff-offer').getByRole('button', { name: message(locale, 'LinkHandoff.continue') });

test('“Open in Chrome”: the other browser leads with a focused “Continue in this browser” for the named account; the first is signed out; no second hop', async ({
  browser,
  page,
}) => {
  await openLink(page, await payLink({ ...bob, prefix: '/vi' }));
  await expect(page.getByText('Bob Tran')).toBeVisible();
  // The page the link opened carries nothing to take in its address.
  await expect(page).toHaveURL(/\/vi\/pay$/);
  const address = await openInAnotherBrowser(page);

  const chrome = await elsewhere(browser, address);
  const button = continueButton(chrome);
  await expect(button).toBeFocused();
  await expect(chrome.getByRole('heading', { level: 1 })).toHaveText(message('vi', 'LinkHandoff.title'));
  await expect(chrome.getByTestId('handoff-account')).toContainText('Bob Tran');
  await expect(chrome.getByTestId('failure-code')).toHaveCount(0);
  // Read once, and gone from this browser's address (its history, its "Share").
  await expect(chrome).toHaveURL(/\/vi\/pay$/);
  await button.click();
  await expect(chrome.getByText('Bob Tran')).toBeVisible();
  await expect(chrome).toHaveURL(/\/vi\/pay$/);

  await page.reload();
  await expect(page.getByText('Bob Tran')).toHaveCount(0);

  // One hop: the page a handoff opened does not hand itself on.
  await chrome.getByRole('button', { name: message('vi', 'LinkHandoff.move') }).click();
  await expect(chrome.getByTestId('handoff-launcher').getByRole('status')).toHaveText(
    message('vi', 'Checkout.errors.handoff_once'),
  );
  await expect(chrome).toHaveURL(/\/vi\/pay$/);
  await chrome.context().close();
});

test('a handoff read off the screen after its owner continued is worth nothing to a third browser', async ({
  browser,
  page,
}) => {
  await openLink(page, await payLink(bob));
  const address = await openInAnotherBrowser(page, 'en');
  const owners = await elsewhere(browser, address);
  await continueButton(owners, 'en').click();
  await expect(owners.getByText('Bob Tran')).toBeVisible();

  const onlooker = await elsewhere(browser, address);
  await expect(onlooker.getByTestId('failure-code')).toBeVisible();
  await expect(onlooker.getByTestId('handoff-offer')).toHaveCount(0);
  await expect(onlooker.getByText('Bob Tran')).toHaveCount(0);
  await expect(onlooker).toHaveURL(/\/pay$/);
  await owners.context().close();
  await onlooker.context().close();
});

test('whoever took the handoff first loses the page when its owner opens the link again', async ({ browser, page }) => {
  const link = await payLink(bob);
  await openLink(page, link);
  const thief = await elsewhere(browser, await openInAnotherBrowser(page, 'en'));
  await continueButton(thief, 'en').click();
  await expect(thief.getByText('Bob Tran')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Bob Tran')).toHaveCount(0);

  // The owner's browser opened the link first: opening it again gives the page back.
  await openLink(page, link);
  await expect(page.getByText('Bob Tran')).toBeVisible();
  await thief.reload();
  await expect(thief.getByText('Bob Tran')).toHaveCount(0);
  // …and the thief cannot do the same with the link.
  await openLink(thief, link);
  await expect(thief).toHaveURL(/\/pay\?link=replayed/);
  await expect(thief.getByText('Bob Tran')).toHaveCount(0);
  await thief.context().close();
});

test('a team admin’s page taken with a handoff comes back with the link, and the taker is out', async ({
  browser,
  page,
}) => {
  const link = await teamLink({ ...alice, prefix: '/vi' });
  await openLink(page, link);
  const heading = (p: Page) => p.getByRole('heading', { level: 1, name: message('vi', 'TeamPage.heading') });
  await expect(heading(page)).toBeVisible();
  const thief = await elsewhere(browser, await openInAnotherBrowser(page));
  await expect(thief.getByTestId('handoff-account')).toContainText('Alice Nguyen');
  await continueButton(thief).click();
  await expect(heading(thief)).toBeVisible();

  await openLink(page, link);
  await expect(heading(page)).toBeVisible();
  await thief.reload();
  await expect(heading(thief)).toHaveCount(0);
  await expect(thief.getByTestId('team-refusal')).toBeVisible();
  await thief.context().close();
});

test('a new link for the account ends its older sessions, a taker’s included, and the older link cannot bring them back', async ({
  browser,
  page,
}) => {
  const older = await payLink(bob);
  await openLink(page, older);
  const thief = await elsewhere(browser, await openInAnotherBrowser(page, 'en'));
  await continueButton(thief, 'en').click();
  await expect(thief.getByText('Bob Tran')).toBeVisible();

  const phone = await elsewhere(browser, 'about:blank');
  await openLink(phone, await payLink(bob));
  await expect(phone.getByText('Bob Tran')).toBeVisible();
  await thief.reload();
  await expect(thief.getByText('Bob Tran')).toHaveCount(0);

  await openLink(page, older);
  await expect(page).toHaveURL(/\/pay\?link=replayed/);
  await expect(page.getByText('Bob Tran')).toHaveCount(0);
  await phone.reload();
  await expect(phone.getByText('Bob Tran')).toBeVisible();
  await thief.context().close();
  await phone.context().close();
});

test('after its link expires, a browser that was moved away from stays signed out', async ({ browser, page }) => {
  // Long enough for a busy machine to reach the second browser before the link ends; the wait below is
  // for what is left of it, measured from before the link was made.
  const lifetimeMs = 20_000;
  const expiresBy = Date.now() + lifetimeMs;
  await openLink(page, await payLink({ ...bob, lifetime: `${lifetimeMs / 1000}s` }));
  const other = await elsewhere(browser, await openInAnotherBrowser(page, 'en'));
  await continueButton(other, 'en').click();
  await expect(other.getByText('Bob Tran')).toBeVisible();
  await page.waitForTimeout(Math.max(0, expiresBy - Date.now()) + 1_000);
  await page.reload();
  await expect(page.getByTestId('failure-code')).toBeVisible();
  await expect(page.getByText('Bob Tran')).toHaveCount(0);
  await other.reload();
  await expect(other.getByText('Bob Tran')).toBeVisible();
  await other.context().close();
});

test('another site sending a browser to someone else’s handoff gets it named, and nothing without a tap', async ({
  browser,
  page,
}) => {
  // The attacker's own page, moved: its address carries the attacker's handoff.
  await openLink(page, await payLink(linh));
  const attackers = await openInAnotherBrowser(page, 'en');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.route('http://elsewhere.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<script>location = ${JSON.stringify(attackers)}</script>` }),
  );
  await visitor.goto('http://elsewhere.test/');
  await expect(continueButton(visitor, 'en')).toBeVisible();
  await expect(visitor.getByTestId('handoff-account')).toContainText('Linh Hoang');
  await expect(visitor.getByTestId('handoff-offer')).not.toContainText('You opened');
  expect((await visitor.context().cookies()).filter((cookie) => cookie.name.includes('quorum-pay'))).toEqual([]);
  await visitor.context().close();
});
