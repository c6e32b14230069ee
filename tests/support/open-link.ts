import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { POST as linkPost } from '@/app/api/link/route';

interface BrowserOptions {
  /** The browser's cookies for this site. */
  cookie?: string;
  /** The client address a proxy in front reported. */
  ip?: string;
}

/** The opening page's own POST, as its script sends it: the token and the page it was for. */
export function postLink(t: string, next: string, options: BrowserOptions & { site?: string } = {}) {
  return linkPost(
    new NextRequest('http://localhost:3000/api/link', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': options.site ?? 'same-origin',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      },
      body: new URLSearchParams({ t, next }).toString(),
    }),
  );
}

/**
 * A person opening a pay or team link in a browser: the GET answers the opening page (which spends
 * nothing), and its script posts the token. Returns the POST's answer.
 */
export async function openLinkInBrowser(url: string, options: BrowserOptions = {}): Promise<Response> {
  const opening = await proxy(
    new NextRequest(url, {
      headers: {
        'sec-fetch-dest': 'document',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      },
    }),
  );
  if (opening.status !== 200) return opening;
  const { pathname, searchParams } = new URL(url);
  const t = searchParams.get('t') ?? '';
  searchParams.delete('t');
  const rest = searchParams.toString();
  return postLink(t, `${pathname}${rest ? `?${rest}` : ''}`, options);
}
