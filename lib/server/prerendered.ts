import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inlineScriptHashes } from '@/lib/security/csp.mjs';
import { env } from './env';

export interface PrerenderedPage {
  html: string;
  /** CSP sources allowing exactly this page's inline scripts. */
  scriptHashes: string[];
}

const cache = new Map<string, Promise<PrerenderedPage | null>>();

/**
 * The HTML `next build` prerendered for an internal route (`en`, `vi/not-found-page`), read once
 * and kept in memory; null when there is none (the dev server, a missing build), so the caller
 * falls back to letting Next render.
 */
export function prerenderedPage(route: string): Promise<PrerenderedPage | null> {
  let page = cache.get(route);
  if (!page) {
    const file = join(process.cwd(), env().NEXT_DIST_DIR, 'server', 'app', `${route}.html`);
    page = readFile(file, 'utf8').then(
      (html) => ({ html, scriptHashes: inlineScriptHashes(html) }),
      () => null,
    );
    cache.set(route, page);
  }
  return page;
}
