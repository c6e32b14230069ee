import 'server-only';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { NextResponse } from 'next/server';
import { contentSecurityPolicy, inlineScriptHashes } from '@/lib/security/csp.mjs';
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
    const file = resolve(process.cwd(), env().NEXT_DIST_DIR, 'server', 'app', `${route}.html`);
    page = readFile(file, 'utf8').then(
      (html) => ({ html, scriptHashes: inlineScriptHashes(html) }),
      () => null,
    );
    cache.set(route, page);
  }
  return page;
}

const dev = process.env.NODE_ENV === 'development';

/**
 * A prerendered page as a response with its own policy: its inline scripts allowed by hash,
 * nothing else. Null when the build has no such page (the dev server).
 */
export async function prerenderedResponse(
  route: string,
  status: number,
  headers: Record<string, string> = {},
): Promise<NextResponse | null> {
  const page = await prerenderedPage(route);
  if (!page) return null;
  return new NextResponse(page.html, {
    status,
    headers: {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': contentSecurityPolicy({ scripts: page.scriptHashes, dev }),
    },
  });
}
