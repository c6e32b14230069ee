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
  inertFlightData,
} from '@/scripts/build/paint-first.mjs';
import { inlineScriptHashes } from '@/lib/security/csp.mjs';
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
  '<script src="/_next/static/chunks/b.js" async=""></script>' +
  '<script>self.__next_f.push([1,"0:[\\"$\\",\\"main\\",null,{\\"children\\":\\"Hello \\u003c3\\"}]\\n"])</script>' +
  '<script>self.__next_f.push([1,"1:{}\\n"])</script></body></html>';

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
    // Left alone: the polyfill for old browsers and the script that starts Next's inline data.
    expect(html).toContain('<script src="/_next/static/chunks/polyfill.js" noModule=""></script>');
    expect(html).toContain('<script>(self.__next_f=self.__next_f||[]).push([0])</script>');
  });

  it('turns the flight-data scripts into JSON data blocks the browser does not compile, the same entries in the same order', () => {
    const html = paintFirstHtml(page());
    expect(html).not.toContain('<script>self.__next_f.push(');
    const blocks = [...html.matchAll(/<script type="application\/json" data-next-f="">([\s\S]*?)<\/script>/g)];
    expect(blocks.map((m) => JSON.parse(m[1]!))).toEqual([
      [1, '0:["$","main",null,{"children":"Hello <3"}]\n'],
      [1, '1:{}\n'],
    ]);
    // A data block is never run, so the CSP has no hash for it; the loader still has one.
    expect(inlineScriptHashes(html)).toHaveLength(2);
  });

  it('leaves every flight script as it is when one entry is not plain JSON (it would run before the others)', () => {
    const mixed = '<script>self.__next_f.push([1,"a"])</script><script>self.__next_f.push([1,x])</script>';
    expect(inertFlightData(mixed)).toBe(mixed);
    expect(inertFlightData(mixed.replace('[1,x]', '[1,"b"]'))).not.toContain('self.__next_f');
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
function runLoader({ hidden = false, paintTiming = true, onInteraction = false, flight = [] as string[] } = {}) {
  const inserted: string[] = [];
  const self: { __next_f?: unknown[] } = { __next_f: [[0]] };
  // What Next would find in self.__next_f when each chunk is inserted.
  const flightSeenByChunks: unknown[][] = [];
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
    querySelectorAll: (selector: string) =>
      selector === 'script[data-next-f]' ? flight.map((textContent) => ({ textContent })) : [],
    head: {
      appendChild: (el: { src: string; async: boolean }) => {
        flightSeenByChunks.push([...(self.__next_f ?? [])]);
        inserted.push(`${el.src}${el.async ? ' async' : ''}`);
      },
    },
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
  };
  const window = { PerformanceObserver };
  // The window's own listeners (the interaction loader's), by event type.
  const windowListeners = new Map<string, Set<() => void>>();
  runInNewContext(paintFirstLoader(['/a.js', '/b.js'], { onInteraction }), {
    window,
    self,
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
  return { inserted, paint, timers, listeners, interact, listening, flightSeenByChunks };
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

  it("hands Next the page's flight data, in document order, before it inserts the first chunk", () => {
    const browser = runLoader({ flight: ['[1,"a"]', '[1,"b"]'] });
    browser.paint('first-contentful-paint');
    expect(browser.flightSeenByChunks[0]).toEqual([[0], [1, 'a'], [1, 'b']]);
    expect(browser.flightSeenByChunks[1]).toEqual([[0], [1, 'a'], [1, 'b']]);
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
