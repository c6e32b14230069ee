import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { createHash } from 'node:crypto';
import {
  INTERACTION_EVENTS,
  ON_INTERACTION_MARK,
  paintFirst,
  paintFirstChunks,
  paintFirstHtml,
  paintFirstLoader,
} from '@/scripts/build/paint-first.mjs';
import { afterNextBuild } from '@/scripts/build/after-next-build.mjs';

// The shape of a page Next prerenders: chunks as async scripts in the head (one also preloaded),
// one more in the body, the legacy polyfill as a nomodule script, and inline flight data.
const page = (canonical = '<link rel="canonical" href="http://localhost:3000"/>') =>
  '<!DOCTYPE html><html><head>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>' +
  '<script src="/_next/static/chunks/a.js" async=""></script>' +
  canonical +
  '<script src="/_next/static/chunks/polyfill.js" noModule=""></script></head><body><main>Hello</main>' +
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>' +
  '<script src="/_next/static/chunks/b.js" async=""></script></body></html>';

const chunkScripts = (html: string) => [...html.matchAll(/<script src="([^"]+)" async="">/g)].map((m) => m[1]);
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="script" fetchPriority="low" href="([^"]+)"\/>/g)].map((m) => m[1]);

describe('paint first: prerendered pages start their scripts after the first contentful paint', () => {
  it("takes every chunk script and Next's preload of one out of the HTML and hands the chunks to one inline loader", () => {
    const html = paintFirstHtml(page());
    expect(chunkScripts(html)).toEqual([]);
    expect(preloads(html)).toEqual([]);
    const loader = paintFirstLoader(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js']);
    expect(html).toContain(`<script data-paint-first="">${loader}</script></body>`);
    expect(paintFirstChunks(html)).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js']);
    // Left alone: the polyfill for old browsers and Next's inline data.
    expect(html).toContain('<script src="/_next/static/chunks/polyfill.js" noModule=""></script>');
    expect(html).toContain('self.__next_f');
  });

  it('gives a page that declares itself whole without the framework the loader that waits for an interaction', () => {
    const declared = page().replace('</head>', `${ON_INTERACTION_MARK}</head>`);
    const chunks = ['/_next/static/chunks/a.js', '/_next/static/chunks/b.js'];
    expect(paintFirstHtml(declared)).toContain(`${paintFirstLoader(chunks, { onInteraction: true })}</script></body>`);
    expect(paintFirstChunks(paintFirstHtml(declared))).toEqual(chunks);
    expect(paintFirstHtml(page())).not.toContain(paintFirstLoader(chunks, { onInteraction: true }));
  });

  it('is idempotent, and the CSP step after it allows the loader by hash', () => {
    const dist = mkdtempSync(join(tmpdir(), 'paint-first-'));
    mkdirSync(join(dist, 'server', 'app'), { recursive: true });
    const file = join(dist, 'server', 'app', 'en.html');
    writeFileSync(file, page());
    writeFileSync(join(dist, 'routes-manifest.json'), JSON.stringify({ headers: [] }));
    mkdirSync(join(dist, 'static', 'chunks'), { recursive: true });
    for (const chunk of ['a.js', 'b.js']) writeFileSync(join(dist, 'static', 'chunks', chunk), '0');
    const first = afterNextBuild(dist);
    const once = readFileSync(file, 'utf8');
    expect(first.painted).toBe(1);
    expect(afterNextBuild(dist).painted).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(once);
    const loader = /<script data-paint-first="">([\s\S]*?)<\/script>/.exec(once)![1]!;
    const hash = createHash('sha256').update(loader).digest('base64');
    expect(first.policies['/']).toContain(`'sha256-${hash}'`);
  });

  it('leaves alone pages without a public address (no hashed policy for them) and the pay page (script draws its form)', () => {
    const dist = mkdtempSync(join(tmpdir(), 'paint-first-'));
    mkdirSync(join(dist, 'server', 'app', 'vi'), { recursive: true });
    writeFileSync(join(dist, 'server', 'app', '_not-found.html'), page(''));
    writeFileSync(
      join(dist, 'server', 'app', 'vi', 'pay.html'),
      page('<link rel="canonical" href="http://localhost:3000/vi/pay"/>'),
    );
    expect(paintFirst(dist)).toBe(0);
    expect(chunkScripts(readFileSync(join(dist, 'server', 'app', '_not-found.html'), 'utf8'))).toHaveLength(2);
    expect(chunkScripts(readFileSync(join(dist, 'server', 'app', 'vi', 'pay.html'), 'utf8'))).toHaveLength(2);
  });
});

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
