import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page. On prerendered pages the framework's scripts start after
 * the first contentful paint (scripts/build/paint-first.mjs), so `load` no longer implies it: a test
 * that needs JavaScript (a menu, the progress bar, a reveal) waits for this first.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__react')),
  );
}
