import type { Page } from '@playwright/test';

const reactOwnsMain = () => Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__react'));

/**
 * Waits until React has hydrated the page. `load` does not imply it: the framework's scripts are
 * async, and React hydrates in tasks of its own after they run. A test that needs JavaScript (the
 * progress bar, the video, client navigation) waits for this first.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(reactOwnsMain);
}
