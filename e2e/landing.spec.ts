import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { landingSections } from '../lib/config/pages';
import { IMAGE_BREAKPOINTS } from '../lib/config/constants';
import { message } from './support/messages';
import { hydrated } from './support/hydration';

test.describe('landing page', () => {
  test('every navigation anchor scrolls its section to just below the header', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: message('en', 'Navigation.mainLabel') });
    for (const id of ['about', 'features', 'pricing', 'testimonials', 'download'] as const) {
      await nav.getByRole('link', { name: message('en', `Navigation.${id}`), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect
        .poll(async () => page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top)))
        .toBeLessThanOrEqual(130);
      const top = await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top);
      // The last section may not be able to scroll all the way up; it must at least be in view.
      if (id !== 'download') expect(top).toBeGreaterThanOrEqual(60);
    }
  });

  test('a section below the fold starts hidden and is faded in, in place, once scrolled into view', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const card = page.locator('#testimonials [data-reveal]').first();
    const box = async () => card.evaluate((el) => Math.round(el.getBoundingClientRect().height));
    await expect(card).toHaveCSS('opacity', '0');
    const heightHidden = await box();
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveCSS('opacity', '1');
    await expect(card).toHaveCSS('transform', 'none');
    // Only opacity and transform animate: the reveal never changes the layout.
    expect(await box()).toBe(heightHidden);
  });

  test('with reduced motion, every section is shown at once without moving', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const reveals = page.locator('[data-reveal]');
    expect(await reveals.count()).toBeGreaterThan(5);
    for (const reveal of await reveals.all()) {
      await expect(reveal).toHaveCSS('opacity', '1');
      await expect(reveal).toHaveCSS('transform', 'none');
    }
  });

  test('has every section of the landing page', async ({ page }) => {
    await page.goto('/');
    for (const id of landingSections) await expect(page.locator(`section#${id}`)).toHaveCount(1);
  });

  for (const framework of ['before', 'after'] as const) {
    test(`the mobile menu opens, closes with Escape and a tap outside, and its links work, ${framework} the framework starts`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      // Before: the framework never arrives (its scripts fail), so the menu is the page's HTML and CSS
      // (the stylesheets live under chunks/ too, and still load).
      if (framework === 'before') await page.route('**/_next/static/chunks/**/*.js', (route) => route.abort());
      await page.goto('/');
      if (framework === 'after') await hydrated(page);
      const nav = page.getByRole('navigation', { name: message('en', 'Navigation.mainLabel') });
      const open = nav.getByRole('button', { name: message('en', 'Navigation.openMenu') });
      const close = nav.getByRole('button', { name: message('en', 'Navigation.closeMenu') });
      const pricing = nav.getByRole('link', { name: message('en', 'Navigation.pricing'), exact: true });
      await expect(pricing).toBeHidden();
      expect(await expanded(page, message('en', 'Navigation.openMenu'))).toBe(false);
      await open.click();
      await expect(pricing).toBeVisible();
      // The same button, now named for what it does next, and reported expanded.
      await expect(close).toBeVisible();
      expect(await expanded(page, message('en', 'Navigation.closeMenu'))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(pricing).toBeHidden();
      await expect(open).toBeFocused();
      await open.click();
      await page.mouse.click(200, 600); // outside the menu
      await expect(pricing).toBeHidden();
      await open.click();
      await pricing.click();
      await expect(page).toHaveURL(/#pricing$/);
      await expect(page.locator('#pricing')).toBeInViewport();
      if (framework === 'after') await expect(pricing).toBeHidden(); // a pick closes it
    });
  }

  test('the hero video has its poster, its sources, no autoplay attribute and a fallback text', async ({ page }) => {
    await page.goto('/');
    const video = page.locator('.hero video');
    // The poster travels inside the page (vector art as a data URI), the same under the video and on it.
    const poster = await video.getAttribute('poster');
    expect(poster).toMatch(/^data:image\/svg\+xml,/);
    await expect(page.locator('.hero .hero-video__poster')).toHaveAttribute('src', poster!);
    await expect(video).not.toHaveAttribute('autoplay');
    await expect(video).toContainText(message('en', 'HomePage.hero.videoFallback').replace('{brand}', 'Quorum AI'));
    for (const src of ['/video/hero.webm', '/video/hero.mp4']) {
      expect((await page.request.get(src)).status()).toBe(200);
    }
  });

  test('the hero poster needs no request of its own: with everything but the page held back, it is drawn', async ({
    page,
  }) => {
    // A poster fetched apart could not paint before one more round trip after the HTML, the slowest
    // part of a phone's first view; it comes inside the page, so nothing else is needed to draw it.
    await page.route(/\/(_next|video|fonts)\//, () => undefined);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const drawn = await page
      .locator('.hero .hero-video__poster')
      .evaluate(async (image: HTMLImageElement) => (await image.decode(), image.naturalWidth));
    expect(drawn).toBeGreaterThan(0);
  });

  test('the hero video plays once the framework runs; with reduced motion it stays still and its button plays it', async ({
    page,
  }) => {
    await page.goto('/');
    const video = page.locator('.hero video');
    const paused = () => video.evaluate((element: HTMLVideoElement) => element.paused);
    await hydrated(page);
    await expect.poll(paused).toBe(false);
    await page.getByRole('button', { name: message('en', 'HomePage.hero.pauseVideo') }).click();
    await expect.poll(paused).toBe(true);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(500);
    expect(await paused()).toBe(true);
    await page.getByRole('button', { name: message('en', 'HomePage.hero.playVideo') }).click();
    await expect.poll(paused).toBe(false);
  });

  test('prices are in dong in Vietnamese and in dollars in English', async ({ page }) => {
    await page.goto('/vi');
    await expect(page.getByTestId('price-individual_pro')).toContainText('49.000');
    await expect(page.getByTestId('price-team_pro')).toContainText('350.000');
    await page.goto('/');
    await expect(page.getByTestId('price-individual_pro')).toContainText('$1.99');
  });

  test('the Urdu page is mirrored: right-to-left, text starting at the right', async ({ page }) => {
    await page.goto('/ur');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const heading = page.locator('.hero h1');
    const box = (await heading.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(await heading.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // The hero text column sits on the right half of a wide screen.
    expect(box.x + box.width).toBeGreaterThan(width / 2);
  });

  test("Urdu and Hindi pages fetch their own script's self-hosted face; an English page downloads no font", async ({
    page,
  }) => {
    const fonts: string[] = [];
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/fonts/')) fonts.push(path);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(fonts).toEqual([]);
    // Nastaliq is fetched when the browser is idle after the load, which can come after the network has
    // been quiet for a moment: wait for it by name rather than for network idle.
    const nastaliq = page.waitForEvent('requestfinished', (request) => request.url().includes('noto-nastaliq-urdu'));
    await page.goto('/ur');
    await nastaliq;
    await page.waitForLoadState('networkidle');
    // Naskh for the first view (the subset, as a script: lib/i18n/fonts.ts), Nastaliq for the pages after it (optional).
    expect([...fonts].sort()).toEqual([
      expect.stringMatching(/^\/fonts\/first-view\/naskh\.[0-9a-f]{10}\.js$/),
      '/fonts/noto-nastaliq-urdu-400.woff2',
    ]);
    await page.goto('/hi');
    await page.waitForLoadState('networkidle');
    expect(fonts).toContainEqual(expect.stringMatching(/^\/fonts\/first-view\/devanagari\.[0-9a-f]{10}\.js$/));
    // …and not the Urdu faces again: each page asks only for its own script.
    expect(fonts.filter((path) => /nastaliq|naskh/.test(path))).toHaveLength(2);
  });

  test('no page scrolls sideways at any breakpoint, in long-word and right-to-left locales too', async ({ page }) => {
    for (const url of ['/', '/de', '/ur', '/id/join', '/ur/terms', '/hi/privacy']) {
      await page.goto(url);
      for (const width of Object.values(IMAGE_BREAKPOINTS)) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${url} at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
  });
});

test.describe('accessibility of the content pages (axe, WCAG 2.1 AA)', () => {
  for (const prefix of ['', '/vi', '/ur', '/zh']) {
    for (const path of ['', '/join', '/privacy', '/paymentPolicy']) {
      const url = `${prefix}${path}` || '/';
      test(`${url} has no violations`, async ({ page }) => {
        await page.goto(url);
        await hydrated(page);
        // Let the reveals finish so colours are measured as visitors see them.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForTimeout(700);
        await page.evaluate(() => window.scrollTo(0, 0));
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
      });
    }
  }
});

/** Whether the browser reports the button named `name` as expanded (its accessibility tree, over CDP). */
async function expanded(page: Page, name: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: {
      role?: { value: string };
      name?: { value: string };
      properties?: { name: string; value: { value: unknown } }[];
    }[];
  };
  await cdp.detach();
  const button = nodes.find((n) => n.role?.value === 'button' && n.name?.value === name);
  if (!button) throw new Error(`no button named ${name}`);
  const state = button.properties?.find((p) => p.name === 'expanded')?.value.value;
  return state === undefined ? undefined : Boolean(state);
}
