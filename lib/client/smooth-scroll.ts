import { NAVIGATION } from '@/lib/config/constants';

/** CSS `ease` as a cubic Bézier (0.25, 0.1, 0.25, 1), solved for y at time x. */
export function ease(x: number): number {
  const [p1x, p1y, p2x, p2y] = [0.25, 0.1, 0.25, 1];
  const bezier = (t: number, a: number, b: number) => 3 * a * t * (1 - t) ** 2 + 3 * b * t ** 2 * (1 - t) + t ** 3;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    if (bezier(mid, p1x, p2x) < x) lo = mid;
    else hi = mid;
  }
  return bezier((lo + hi) / 2, p1y, p2y);
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls so `element` sits just below the fixed header: 400 ms with `ease`, or instantly. */
export function scrollToElement(element: HTMLElement): void {
  const target = Math.max(0, element.getBoundingClientRect().top + window.scrollY - NAVIGATION.scrollOffsetPx);
  if (prefersReducedMotion()) {
    window.scrollTo({ top: target, behavior: 'instant' });
    return;
  }
  const start = window.scrollY;
  const startedAt = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startedAt) / NAVIGATION.scrollDurationMs);
    window.scrollTo({ top: start + (target - start) * ease(progress), behavior: 'instant' });
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
