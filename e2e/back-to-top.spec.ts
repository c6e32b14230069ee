import { test, expect, type Page } from '@playwright/test';

/**
 * The floating ↑ (components/layout/back-to-top.tsx) is shown once a screen down, but never on top of
 * text or a control. Checked against a full scan of the page, not the component's own walk: every
 * text node's line boxes and every control's box, at each scroll position down the page.
 */
const phone = { width: 360, height: 740 };

/** What the visible button covers, as a list of the covered texts and controls (empty: nothing). */
function covered(page: Page): Promise<string[] | null> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.back-to-top');
    if (!button || button.dataset.visible !== 'true') return null;
    const area = button.getBoundingClientRect();
    const meets = (r: DOMRect) =>
      r.width > 1 &&
      r.height > 1 &&
      r.left < area.right &&
      area.left < r.right &&
      r.top < area.bottom &&
      area.top < r.bottom;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || button.contains(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(meets)) found.push(`text “${node.textContent.trim().slice(0, 30)}”`);
    }
    const controls = 'a[href], button, input, select, textarea, summary, label, [role="button"], [role="link"]';
    for (const control of document.querySelectorAll(controls)) {
      if (control !== button && meets(control.getBoundingClientRect()))
        found.push(`<${control.tagName.toLowerCase()}>`);
    }
    return found;
  });
}

for (const path of ['/jp', '/ur', '/vi']) {
  test(`${path}: scrolled down a 360 px phone, the ↑ button appears, and never over text or a control`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: phone, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(path);
    // Everything below the hero is `content-visibility: auto`: lay it all out, as a reader scrolling would.
    await page.evaluate(() =>
      document
        .querySelectorAll('main section')
        .forEach((s) => ((s as HTMLElement).style.contentVisibility = 'visible')),
    );
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    let shown = 0;
    const problems: string[] = [];
    for (let y = phone.height + 20; y < height; y += 70) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      // The button checks at most every 99 ms and once more 50 ms after the last scroll.
      await page.waitForTimeout(160);
      const under = await covered(page);
      if (under === null) continue;
      shown += 1;
      if (under.length) problems.push(`at ${y}px: ${under.join(', ')}`);
    }
    expect(problems).toEqual([]);
    expect(shown, 'the button still appears where it covers nothing').toBeGreaterThan(0);
    await context.close();
  });
}
