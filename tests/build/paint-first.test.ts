import { runInNewContext } from 'node:vm';
import { INTERACTION_EVENTS, paintFirstLoader } from '@/scripts/build/paint-first.mjs';

// The loader's behaviour in a stand-in browser. What the step does to Next's HTML is tested on the
// real output of the build `npm test` makes: tests/integration/after-build.test.mjs.

/** Runs the loader in a stand-in browser; returns what it inserted and the hooks a browser would call. */
function runLoader({ hidden = false, paintTiming = true, onInteraction = false } = {}) {
  const inserted: string[] = [];
  let observer: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
  const timers: Array<() => void> = [];
  const listeners: Record<string, () => void> = {};
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['navigation'];
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }, self: unknown) => void) {
      observer = (list) => callback(list, this);
    }
    observe() {}
    disconnect() {}
  }
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    createElement: () => ({ src: '', async: false }),
    head: {
      appendChild: (el: { src: string; async: boolean }) => inserted.push(`${el.src}${el.async ? ' async' : ''}`),
    },
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
  };
  const window = { PerformanceObserver };
  // The window's own listeners (the interaction loader's), by event type.
  const windowListeners = new Map<string, Set<() => void>>();
  runInNewContext(paintFirstLoader(['/a.js', '/b.js'], { onInteraction }), {
    window,
    document,
    setTimeout: (fn: () => void) => timers.push(fn),
    addEventListener: (type: string, fn: () => void, options: { capture?: boolean; passive?: boolean }) => {
      expect(options).toEqual({ capture: true, passive: true });
      windowListeners.set(type, (windowListeners.get(type) ?? new Set()).add(fn));
    },
    removeEventListener: (type: string, fn: () => void, capture: boolean) => {
      expect(capture).toBe(true);
      windowListeners.get(type)?.delete(fn);
    },
  });
  const paint = (name: string) => observer?.({ getEntriesByName: (n) => (n === name ? [{}] : []) });
  const interact = (type: string) => [...(windowListeners.get(type) ?? [])].forEach((fn) => fn());
  const listening = () => [...windowListeners.values()].reduce((n, set) => n + set.size, 0);
  return { inserted, paint, timers, listeners, interact, listening };
}

describe('the paint-first loader', () => {
  it('inserts nothing before the first contentful paint, then every chunk once, async', () => {
    const browser = runLoader();
    browser.paint('first-paint');
    expect(browser.inserted).toEqual([]);
    browser.paint('first-contentful-paint');
    expect(browser.inserted).toEqual(['/a.js async', '/b.js async']);
    browser.paint('first-contentful-paint');
    browser.timers.forEach((fire) => fire());
    expect(browser.inserted).toHaveLength(2);
  });

  it('starts at once in a hidden tab and in a browser without paint timing (no paint would ever be reported)', () => {
    expect(runLoader({ hidden: true }).inserted).toHaveLength(2);
    expect(runLoader({ paintTiming: false }).inserted).toHaveLength(2);
  });

  it('starts anyway when the tab is hidden before painting, or after 3 s without a paint', () => {
    const hiddenLater = runLoader();
    hiddenLater.listeners.visibilitychange!();
    expect(hiddenLater.inserted).toHaveLength(2);
    const neverPainted = runLoader();
    neverPainted.timers.forEach((fire) => fire());
    expect(neverPainted.inserted).toHaveLength(2);
  });
});

describe('the loader of a page that waits for an interaction (the landing)', () => {
  it('inserts nothing on paint, in a hidden tab or after any wait', () => {
    const browser = runLoader({ onInteraction: true });
    browser.paint('first-contentful-paint');
    browser.timers.forEach((fire) => fire());
    browser.listeners.visibilitychange?.();
    expect(browser.inserted).toEqual([]);
    expect(runLoader({ onInteraction: true, hidden: true }).inserted).toEqual([]);
  });

  it.each(INTERACTION_EVENTS)('inserts every chunk once on the first %s, and stops listening', (type) => {
    const browser = runLoader({ onInteraction: true });
    expect(browser.listening()).toBe(INTERACTION_EVENTS.length);
    browser.interact(type);
    expect(browser.inserted).toEqual(['/a.js async', '/b.js async']);
    expect(browser.listening()).toBe(0);
    for (const other of INTERACTION_EVENTS) browser.interact(other);
    expect(browser.inserted).toHaveLength(2);
  });
});
