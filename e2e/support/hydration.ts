import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page. On prerendered pages the framework's scripts start after
 * the first contentful paint, and on the landing pages only on the visitor's first interaction
 * (scripts/build/paint-first.mjs), so `load` no longer implies it: a test that needs JavaScript (the
 * progress bar, the video, client navigation) moves the mouse, as a visitor would, and waits for this.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.mouse.move(1 + Math.random() * 10, 1 + Math.random() * 10);
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__react')),
  );
}
