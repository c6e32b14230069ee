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

// A rule only the bar's own stylesheet has: the site's inlined CSS styles `#nprogress` too.
const progressBarMounted = () =>
  [...document.querySelectorAll('style')].some((style) => style.textContent?.includes('.nprogress-custom-parent'));

/**
 * Waits until the progress bar listens for clicks. Its component is loaded in the browser alone, in a
 * chunk of its own that a busy machine can deliver after hydration; a click before it mounts
 * navigates without a bar. It renders its stylesheet when it mounts and adds its listeners in the
 * effect that follows, which has run once two frames have been drawn after it.
 */
export async function progressBarListening(page: Page): Promise<void> {
  await hydrated(page);
  await page.waitForFunction(progressBarMounted);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
