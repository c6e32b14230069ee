// A pay-page session for a benchmark: a link minted for the demo user with the paylink CLI (same
// secret as the server), opened and posted as a browser does, and the session cookie it set.
import { execFileSync } from 'node:child_process';

/**
 * fetch, once more if the first attempt fails before any answer: after a long Lighthouse run the
 * server has closed the idle keep-alive socket undici would reuse (EPIPE).
 */
async function fetchOnceMore(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

/** The session cookie header for `base`, checked: GET /api/pay/view with it answers the form. */
export async function paySessionCookie(base, serverEnv) {
  const link = execFileSync('npm', ['run', '--silent', 'paylink', '--', '--platform', 'telegram', '--user', '1001'], {
    env: { ...process.env, ...serverEnv, SITE_URL: base },
  })
    .toString()
    .trim()
    .split('\n')
    .at(-1);
  // As a browser does: the link's opening page (which spends nothing), then its POST of the token.
  const opening = await fetchOnceMore(link);
  if (opening.status !== 200) throw new Error(`link opening page: ${opening.status}`);
  const { pathname, searchParams } = new URL(link);
  const response = await fetchOnceMore(new URL('/api/link', link), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ t: searchParams.get('t') ?? '', next: pathname }).toString(),
  });
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (response.status !== 303 || cookie.length === 0) throw new Error(`link exchange failed: ${response.status}`);
  // The page is prerendered; the payer's part comes from /api/pay/view, which must see the session.
  const view = await fetchOnceMore(new URL('/api/pay/view', link), { headers: { cookie: cookie.join('; ') } });
  if (!view.ok || (await view.json()).kind !== 'form') throw new Error(`pay view with session: ${view.status}`);
  return cookie.join('; ');
}
