import { test, expect, type Page, type Route } from '@playwright/test';
import { message } from './support/messages';
import { hydrated } from './support/hydration';
import { localeTable, localizedPath } from '../lib/i18n/locales';

/**
 * The hero video's button says what a press does, works from the first press with or without the
 * framework, and without JavaScript the browser's own controls are there, uncovered
 * (lib/client/hero-video.ts).
 */
const paused = (page: Page) => page.locator('.hero video').evaluate((video: HTMLVideoElement) => video.paused);
const toggle = (page: Page) => page.locator('.hero-video__toggle');

test('the video button’s name is what a press does (Play while paused, Pause while playing) and it claims no pressed state', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);
  await expect.poll(() => paused(page)).toBe(false);
  const button = toggle(page);
  await expect(button).toHaveAccessibleName(message('en', 'HomePage.hero.pauseVideo'));
  // A toggle whose label changes must not also say "pressed": that contradicted the label before.
  await expect(button).not.toHaveAttribute('aria-pressed');
  await button.click();
  await expect.poll(() => paused(page)).toBe(true);
  await expect(button).toHaveAccessibleName(message('en', 'HomePage.hero.playVideo'));
  await button.click();
  await expect.poll(() => paused(page)).toBe(false);
  await expect(button).toHaveAccessibleName(message('en', 'HomePage.hero.pauseVideo'));
});

test('with reduced motion the video stays still, and the first press plays it even before the framework has started', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The framework never arrives (its scripts fail; the stylesheet comes): what the press does is the
  // page's own inline script.
  const noFramework = (route: Route) =>
    route.request().resourceType() === 'script' ? route.abort() : route.continue();
  await page.route('**/_next/static/chunks/**', noFramework);
  await page.goto('/');
  await page.waitForTimeout(500);
  expect(await paused(page)).toBe(true);
  const button = toggle(page);
  await expect(button).toHaveAccessibleName(message('en', 'HomePage.hero.playVideo'));
  await button.click();
  await expect.poll(() => paused(page)).toBe(false);
  await expect(button).toHaveAccessibleName(message('en', 'HomePage.hero.pauseVideo'));

  // With the framework too: the first press plays (it used to only start the framework).
  await page.unroute('**/_next/static/chunks/**', noFramework);
  await page.reload();
  await page.waitForTimeout(500);
  expect(await paused(page)).toBe(true);
  await toggle(page).click();
  await expect.poll(() => paused(page)).toBe(false);
  await hydrated(page);
  await expect(toggle(page)).toHaveAccessibleName(message('en', 'HomePage.hero.pauseVideo'));
  // The framework's autoplay never overrides a press: pausing stays paused.
  await toggle(page).click();
  await expect.poll(() => paused(page)).toBe(true);
});

test('a press before the framework is not undone by its autoplay', async ({ page }) => {
  // The framework's scripts are held back (a slow network) until the visitor has pressed twice.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    if (route.request().resourceType() === 'script') await released;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // Play, then pause, before the framework: the visitor chose paused.
  await toggle(page).click();
  await expect.poll(() => paused(page)).toBe(false);
  await toggle(page).click();
  await expect.poll(() => paused(page)).toBe(true);
  release();
  await hydrated(page);
  await page.waitForTimeout(500);
  expect(await paused(page)).toBe(true);
  await expect(toggle(page)).toHaveAccessibleName(message('en', 'HomePage.hero.playVideo'));
});

test('the video button says what it does in each of the 14 languages', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const { code } of localeTable) {
    await page.goto(localizedPath(code, '/'));
    await expect(toggle(page)).toHaveAccessibleName(message(code, 'HomePage.hero.playVideo'));
    await toggle(page).click();
    await expect(toggle(page)).toHaveAccessibleName(message(code, 'HomePage.hero.pauseVideo'));
  }
});

test('without JavaScript the video has the browser’s controls and nothing covers them', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const video = page.locator('.hero video');
  await expect(video).toHaveAttribute('controls', '');
  await expect(toggle(page)).toBeHidden();
  // The controls run along the video's bottom edge: whatever is drawn at points along it is the video.
  await video.scrollIntoViewIfNeeded();
  const box = (await video.boundingBox())!;
  const hits = await page.evaluate(
    ({ x, y, width, height }) =>
      [0.05, 0.25, 0.5, 0.75, 0.95].map((f) => {
        const element = document.elementFromPoint(x + width * f, y + height - 12);
        return element?.tagName ?? null;
      }),
    box,
  );
  expect(hits).toEqual(['VIDEO', 'VIDEO', 'VIDEO', 'VIDEO', 'VIDEO']);
  await context.close();
});
