import { NextRequest } from 'next/server';
import { POST as handoffPost } from '@/app/api/link/handoff/route';
import { mintPaylink } from '@/lib/server/session/paylink';
import { issueHandoff } from '@/lib/server/session/handoff';
import { openSession } from '@/lib/server/session/session';
import { useTestStore } from '../support/stores';
import { openLinkInBrowser } from '../support/open-link';

/*
 * "Open in Chrome/Safari" after the tap: the chat app's browser hands its address — the page, with
 * the handoff in its fragment — to the other browser, which continues with one tap. The newest
 * browser holds the session; the older one's ends; nobody without that address can continue.
 */
const bob = { plt: 'telegram', sub: '1002', team: '-1002001', aud: 'pay' } as const;
const sessionOf = (response: Response) => response.headers.get('set-cookie')?.match(/quorum-pay=([^;]*)/)?.[1] ?? '';
const handoffOf = (response: Response) => response.headers.get('location')?.split('#handoff=')[1] ?? '';
const problemOf = (response: Response) =>
  new URL(response.headers.get('location')!, 'http://localhost:3000').searchParams.get('link');

function continueHere(h: string, next = '/pay', headers: Record<string, string> = {}) {
  return handoffPost(
    new NextRequest('http://localhost:3000/api/link/handoff', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...headers },
      body: new URLSearchParams({ h, next }).toString(),
    }),
  );
}

describe('continuing in another browser', () => {
  useTestStore('pglite');

  it('the other browser continues once with the first one’s handoff, and the first browser’s session ends', async () => {
    const first = await openLinkInBrowser(`http://localhost:3000/vi/pay?t=${await mintPaylink(bob)}`);
    const firstSession = sessionOf(first);
    expect(await openSession(firstSession, 'pay')).toMatchObject({ userId: '1002' });

    const second = await continueHere(handoffOf(first), '/vi/pay');
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toMatch(/^\/vi\/pay#handoff=/);
    expect(second.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await openSession(sessionOf(second), 'pay')).toMatchObject({ userId: '1002' });
    expect(await openSession(firstSession, 'pay')).toBeNull();

    // Taken once: the same address in a third browser is refused.
    const third = await continueHere(handoffOf(first), '/vi/pay');
    expect(problemOf(third)).toBe('replayed');
    expect(third.headers.get('set-cookie')).toBeNull();
    // The newest browser may hand it on again with its own.
    const fourth = await continueHere(handoffOf(second), '/vi/pay');
    expect(await openSession(sessionOf(fourth), 'pay')).toMatchObject({ userId: '1002' });
    expect(await openSession(sessionOf(second), 'pay')).toBeNull();
  });

  it('refuses a forged, an expired, another page’s or another site’s handoff, and spends none of them', async () => {
    const opened = await openLinkInBrowser(`http://localhost:3000/pay?t=${await mintPaylink(bob)}`);
    const h = handoffOf(opened);
    const forged = `${h.slice(0, -3)}${h.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect(problemOf(await continueHere(forged))).toBe('invalid');
    const stale = issueHandoff({ ...bob, jti: 'x' }, new Date(Date.now() - 11 * 60_000));
    expect(problemOf(await continueHere(stale))).toBe('expired');
    expect(problemOf(await continueHere(h, '/team'))).toBe('invalid');
    expect(problemOf(await continueHere(h, '/pay', { 'sec-fetch-site': 'cross-site' }))).toBe('invalid');
    // None of those spent it, and the first browser still holds the session until it is taken.
    expect(await openSession(sessionOf(opened), 'pay')).not.toBeNull();
    expect(problemOf(await continueHere(h))).toBeNull();
  });
});
