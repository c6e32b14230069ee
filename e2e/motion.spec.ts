import { test, expect, type Locator, type Page } from '@playwright/test';
import { hydrated } from './support/hydration';
import { openLink, payLink, teamLink } from './support/links';
import { message } from './support/messages';

// Motion on /pay and /team (components/motion/animated.tsx): an entrance runs for a visitor who has
// not asked for less motion, and with prefers-reduced-motion everything is in its final state from
// the first frame. These tests change nothing: every dialog is left with Escape.

const alice = { user: '1001', team: '-1002001' };

type Frame = { opacity: string; transform: string } | null;

/**
 * Presses `trigger` and reads the computed opacity and transform of the first element matching
 * `target` on each of the next `count` animation frames (null while there is none).
 */
async function framesAfterClick(trigger: Locator, target: string, count = 20): Promise<Frame[]> {
  return trigger.evaluate(
    async (button, [selector, frames]) => {
      // As a keyboard user would: focused, then pressed (the dialog gives the focus back to it).
      (button as HTMLElement).focus();
      (button as HTMLElement).click();
      const seen: Frame[] = [];
      for (let i = 0; i < frames; i += 1) {
        await new Promise(requestAnimationFrame);
        const element = document.querySelector(selector);
        const style = element && getComputedStyle(element);
        seen.push(style ? { opacity: style.opacity, transform: style.transform } : null);
      }
      return seen;
    },
    [target, count] as const,
  );
}

/** Records the page's Content-Security-Policy violations from its first script on. */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

const settled = async (locator: Locator) => {
  await expect
    .poll(() => locator.evaluate((element) => [getComputedStyle(element).opacity, getComputedStyle(element).transform]))
    .toEqual(['1', 'none']);
};

const blockBob = (page: Page) =>
  page.getByRole('button', {
    name: message('en', 'TeamPage.members.blockMember').replace('{name}', 'Bob Tran'),
  });

test.describe('without a preference for reduced motion', () => {
  test('the block dialog rises into place, stays modal, and Escape gives the focus back', async ({ page }) => {
    const violations = await recordCspViolations(page);
    await openLink(page, await teamLink(alice));
    await hydrated(page);
    // The motion chunk comes after the page has drawn; an element mounted before it is drawn plain.
    await page.waitForLoadState('networkidle');

    const button = blockBob(page);
    const frames = (await framesAfterClick(button, 'dialog[open]')).filter((frame) => frame !== null);
    expect(frames.length).toBeGreaterThan(0);
    // It starts faded and moved, and moves on from there.
    expect(Number(frames[0]!.opacity)).toBeLessThan(1);
    expect(frames[0]!.transform).not.toBe('none');
    expect(new Set(frames.map((frame) => frame.opacity)).size).toBeGreaterThan(1);

    const dialog = page.getByRole('dialog');
    await settled(dialog);
    await expect(dialog.getByRole('button', { name: message('en', 'TeamPage.confirm.cancel') })).toBeFocused();
    // Still the browser's modal dialog: the page behind it is inert.
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    expect(await violations()).toEqual([]);
  });

  test('the plan features slide in under each plan', async ({ page }) => {
    const violations = await recordCspViolations(page);
    await openLink(page, await payLink(alice));
    await expect(page.getByTestId('quote-amount')).toBeVisible();
    await page.waitForLoadState('networkidle');

    const toggle = page.getByRole('button', { name: message('en', 'PayPage.form.showFeatures') });
    const frames = (await framesAfterClick(toggle, '[data-testid="features-individual_pro"]')).filter(
      (frame) => frame !== null,
    );
    expect(Number(frames[0]!.opacity)).toBeLessThan(1);
    await settled(page.getByTestId('features-individual_pro'));
    expect(await violations()).toEqual([]);
  });
});

test.describe('with prefers-reduced-motion: reduce', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('the block dialog is in its final place from its first frame', async ({ page }) => {
    await openLink(page, await teamLink(alice));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const button = blockBob(page);
    const frames = (await framesAfterClick(button, 'dialog[open]')).filter((frame) => frame !== null);
    expect(frames.length).toBeGreaterThan(0);
    expect(new Set(frames.map((frame) => `${frame.opacity} ${frame.transform}`))).toEqual(new Set(['1 none']));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: message('en', 'TeamPage.confirm.cancel') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the cancel-plan dialog and the plan features appear at once', async ({ page }) => {
    // An admin with Individual Pro of his own (Orbit Labs' minh) is asked to cancel it for Team Pro.
    await openLink(page, await payLink({ platform: 'discord', user: 'D2001', team: '920001' }));
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'Plans.names.team_pro') })
      .check();
    await page.waitForLoadState('networkidle');

    const open = page.getByRole('button', { name: message('en', 'PayPage.form.cancelFirst') });
    const frames = (await framesAfterClick(open, 'dialog[open]')).filter((frame) => frame !== null);
    expect(frames.length).toBeGreaterThan(0);
    expect(new Set(frames.map((frame) => `${frame.opacity} ${frame.transform}`))).toEqual(new Set(['1 none']));
    const dialog = page.getByRole('dialog', { name: message('en', 'PayPage.cancelModal.title') });
    await expect(dialog.getByRole('button', { name: message('en', 'PayPage.cancelModal.keep') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    const toggle = page.getByRole('button', { name: message('en', 'PayPage.form.showFeatures') });
    const features = (await framesAfterClick(toggle, '[data-testid="features-team_pro"]')).filter(
      (frame) => frame !== null,
    );
    expect(new Set(features.map((frame) => `${frame.opacity} ${frame.transform}`))).toEqual(new Set(['1 none']));
  });

  test('a payment result is in its final place as it appears', async ({ page, context }) => {
    await context.clearCookies();
    await openLink(page, await payLink(alice, 'a-forged-secret-that-is-long-enough-to-sign'));
    const result = page.locator('section[data-status=failed]');
    await expect(result).toBeVisible();
    expect(
      await result.evaluate((element) => [getComputedStyle(element).opacity, getComputedStyle(element).transform]),
    ).toEqual(['1', 'none']);
  });
});
