import { test, expect, type APIRequestContext } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { htmlValidateConfig } from './support/html-validate';
import { localeTable, localizedPath } from '../lib/i18n/locales';
import { pages } from '../lib/config/pages';

/**
 * The built site as a crawler sees it: from every locale's home and one missing page per locale (its
 * 404 page, which has links too), every internal `<a href>` of every HTML page reached is followed,
 * with no browser and no cookies of a visitor. Bounded: a site that grows past MAX_PAGES fails here
 * rather than crawling forever.
 */
const MAX_PAGES = 600;
const CONCURRENCY = 4;
const MISSING = '/no-such-page-e2e';

interface Fetched {
  url: string;
  status: number;
  html: string | null;
  /** Internal links found on the page (paths with their query, without the fragment). */
  links: string[];
}

interface Crawl {
  visited: Map<string, Fetched>;
  /** Which page linked to which target, for the report. */
  referrers: Map<string, Set<string>>;
}

const starts = localeTable.flatMap(({ code }) => [localizedPath(code, '/'), localizedPath(code, MISSING)]);

function internalLinks(html: string, base: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const href = match[1]!.replaceAll('&amp;', '&');
    const url = new URL(href, base);
    if (url.origin !== new URL(base).origin) continue;
    links.push(`${url.pathname}${url.search}`);
  }
  return links;
}

async function crawl(request: APIRequestContext): Promise<Crawl> {
  const visited = new Map<string, Fetched>();
  const referrers = new Map<string, Set<string>>();
  const queue = [...starts];
  const seen = new Set(queue);

  async function visit(path: string) {
    // Redirects are followed (a link may name a URL that moves, such as /en/…); the page is what they reach.
    const response = await request.get(path, { maxRedirects: 5 });
    const type = response.headers()['content-type'] ?? '';
    const html = type.startsWith('text/html') ? await response.text() : null;
    const links = html ? internalLinks(html, new URL(response.url()).href) : [];
    visited.set(path, { url: response.url(), status: response.status(), html, links });
    for (const link of links) {
      if (!referrers.has(link)) referrers.set(link, new Set());
      referrers.get(link)!.add(path);
      if (seen.has(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  }

  const workers = Array.from({ length: CONCURRENCY }, async () => {
    while (queue.length > 0) {
      if (visited.size + CONCURRENCY > MAX_PAGES)
        throw new Error(`more than ${MAX_PAGES} pages: is a link growing paths?`);
      await visit(queue.shift()!);
    }
  });
  await Promise.all(workers);
  // A worker may have found its queue empty while another was still adding links.
  while (queue.length > 0) await visit(queue.shift()!);
  return { visited, referrers };
}

let site: Crawl;

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(240_000);
  const baseURL = testInfo.project.use.baseURL!;
  // A fresh context: no cookie (the crawler is a first arrival everywhere), no Accept-Language.
  const request = await playwright.request.newContext({ baseURL });
  try {
    site = await crawl(request);
  } finally {
    await request.dispose();
  }
});

test('every internal link on every page of every locale leads to a page: 0 broken links (the 404 page’s too)', () => {
  const broken: string[] = [];
  for (const [path, page] of site.visited) {
    if (starts.includes(path) && path.endsWith(MISSING)) {
      // The seeds: a missing page is answered with its locale's 404 page.
      expect({ path, status: page.status }).toEqual({ path, status: 404 });
      continue;
    }
    if (page.status >= 400) {
      broken.push(`${page.status} ${path} ← ${[...(site.referrers.get(path) ?? [])].slice(0, 3).join(', ')}`);
    }
  }
  expect(broken).toEqual([]);
  // No link anywhere names an internal route of the status pages.
  const internal = [...site.visited.keys()].filter((path) => /\/(?:not-found|error)-page\b/.test(path));
  expect(internal).toEqual([]);
  // The crawl did reach every public page of every locale (what the sitemap lists).
  const unreached = localeTable.flatMap(({ code }) =>
    Object.values(pages)
      .filter((page) => page.indexable)
      .map((page) => localizedPath(code, page.path))
      .filter((path) => !site.visited.has(path) && !(path === '/' && site.visited.has('/en'))),
  );
  expect(unreached).toEqual([]);
});

test('the 404 page’s language switcher offers each locale’s home, never /xx/not-found-page', () => {
  const notFound = site.visited.get(localizedPath('vi', MISSING))!;
  const switcher = /<ul class="language-switcher__list"[\s\S]*?<\/ul>/.exec(notFound.html!)![0];
  const hrefs = [...switcher.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
  expect(hrefs).toEqual(localeTable.map(({ code }) => (code === 'en' ? '/en' : localizedPath(code, '/'))));
});

test('every page of every locale, the 404 pages included, has 0 html-validate errors', async () => {
  const validator = new HtmlValidate(htmlValidateConfig);
  /** Per rule: how many errors, and the first few with the page and message. */
  const byRule = new Map<string, { count: number; examples: string[] }>();
  let validated = 0;
  for (const [path, page] of site.visited) {
    if (page.html === null) continue;
    validated += 1;
    const report = await validator.validateString(page.html, path);
    for (const result of report.results) {
      for (const m of result.messages) {
        const entry = byRule.get(m.ruleId) ?? { count: 0, examples: [] };
        entry.count += 1;
        if (entry.examples.length < 3) {
          const near = page.html.split('\n')[m.line - 1]?.slice(Math.max(0, m.column - 60), m.column + 60);
          entry.examples.push(`${path}:${m.line}:${m.column} ${m.message} … ${near} …`);
        }
        byRule.set(m.ruleId, entry);
      }
    }
  }
  expect(validated).toBeGreaterThanOrEqual(localeTable.length * 8);
  expect(Object.fromEntries(byRule)).toEqual({});
});
