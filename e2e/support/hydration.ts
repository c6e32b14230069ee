import type { Page } from '@playwright/test';

const reactOwnsMain = () => Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__react'));

/** Whether React has hydrated the page (its root element carries React's keys). */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(reactOwnsMain);
}

/**
 * Waits until React has hydrated the page. On prerendered pages the framework's scripts start after
 * the first contentful paint, and on the landing pages only on the visitor's first interaction
 * (scripts/build/paint-first.mjs), so `load` no longer implies it: a test that needs JavaScript (the
 * progress bar, the video, client navigation) moves the mouse first, as a visitor would, unless
 * `interact: false` (the test has interacted itself, or checks that the page starts by itself).
 */
export async function hydrated(page: Page, { interact = true } = {}): Promise<void> {
  if (interact) {
    // Two positions, so that at least one is a move wherever the mouse already was.
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
  }
  await page.waitForFunction(reactOwnsMain);
}
