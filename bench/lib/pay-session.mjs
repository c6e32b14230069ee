// A pay-page session for a benchmark: a link minted for the demo user with the paylink CLI (same
// secret as the server), exchanged by the server, and the session cookie it set.
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
  const response = await fetchOnceMore(link, { redirect: 'manual' });
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (response.status !== 303 || cookie.length === 0) throw new Error(`link exchange failed: ${response.status}`);
  // The page is prerendered; the payer's part comes from /api/pay/view, which must see the session.
  const view = await fetchOnceMore(new URL('/api/pay/view', link), { headers: { cookie: cookie.join('; ') } });
  if (!view.ok || (await view.json()).kind !== 'form') throw new Error(`pay view with session: ${view.status}`);
  return cookie.join('; ');
}
