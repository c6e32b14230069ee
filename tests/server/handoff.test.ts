import { NextRequest } from 'next/server';
import { POST as handoffPost } from '@/app/api/link/handoff/route';
import { POST as handoffNew } from '@/app/api/link/handoff/new/route';
import { POST as handoffAccount } from '@/app/api/link/handoff/account/route';
import { mintPaylink } from '@/lib/server/session/paylink';
import { issueHandoff } from '@/lib/server/session/handoff';
import { openSession, sealedSession } from '@/lib/server/session/session';
import { useTestStore } from '../support/stores';
import { openLinkInBrowser } from '../support/open-link';

/*
 * Continuing in another browser: the browser holding the session asks for a handoff ("Open in
 * another browser"), the other browser names the account and takes it with a tap. One hop, taken
 * once, only while the asking browser holds the link; the link's first browser takes it back by
 * opening the link again; a newer link of the account ends every older session.
 */
const bob = { plt: 'telegram', sub: '1002', team: '-1002001', aud: 'pay' } as const;
const sessionOf = (response: Response) => response.headers.get('set-cookie')?.match(/quorum-pay=([^;]*)/)?.[1] ?? '';
const cookie = (session: string) => `quorum-pay=${session}`;
const problemOf = (response: Response) =>
  new URL(response.headers.get('location')!, 'http://localhost:3000').searchParams.get('link');

function post(url: string, body: string, type: string, headers: Record<string, string>) {
  return new NextRequest(url, {
    method: 'POST',
    headers: { 'content-type': type, 'sec-fetch-site': 'same-origin', ...headers },
    body,
  });
}

/** "Open in another browser" in the browser holding `session`: the handoff, or the refusal's status and code. */
async function askForHandoff(session: string, headers: Record<string, string> = {}) {
  const response = await handoffNew(
    post('http://localhost:3000/api/link/handoff/new', JSON.stringify({ page: 'pay' }), 'application/json', {
      cookie: cookie(session),
      ...headers,
    }),
  );
  const body = (await response.json()) as { handoff?: string; expiresAt?: string; error?: { code: string } };
  return { status: response.status, handoff: body.handoff ?? '', expiresAt: body.expiresAt, code: body.error?.code };
}

/** The other browser's tap on "Continue in this browser". */
function continueHere(h: string, next = '/pay', headers: Record<string, string> = {}) {
  return handoffPost(
    post(
      'http://localhost:3000/api/link/handoff',
      new URLSearchParams({ h, next }).toString(),
      'application/x-www-form-urlencoded',
      headers,
    ),
  );
}

/** Whose page the other browser is offered, before the tap. */
async function whoseHandoff(h: string, next = '/pay', headers: Record<string, string> = {}) {
  const response = await handoffAccount(
    post('http://localhost:3000/api/link/handoff/account', JSON.stringify({ h, next }), 'application/json', headers),
  );
  return { status: response.status, body: (await response.json()) as { account?: { name: string }; problem?: string } };
}

async function openedSession(token: string, session?: string) {
  const response = await openLinkInBrowser(
    `http://localhost:3000/pay?t=${token}`,
    session ? { cookie: cookie(session) } : {},
  );
  return { response, session: sessionOf(response) };
}

describe('continuing in another browser', () => {
  const store = useTestStore('pglite');

  it('the link’s page carries no handoff: one is given only when the browser holding the session asks', async () => {
    const { response, session } = await openedSession(await mintPaylink(bob));
    expect(response.headers.get('location')).toBe('/pay');
    const asked = await askForHandoff(session);
    expect(asked.status).toBe(200);
    expect(asked.handoff).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Two minutes, no more.
    expect(Date.parse(asked.expiresAt!) - Date.now()).toBeLessThanOrEqual(120_000);
    expect(Date.parse(asked.expiresAt!) - Date.now()).toBeGreaterThan(100_000);
    // No session, or another site's request: nothing.
    expect((await askForHandoff('')).status).toBe(401);
    expect((await askForHandoff(session, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('the other browser continues once; the first one’s session ends; the new page hands on nothing and cannot ask to', async () => {
    const first = await openedSession(await mintPaylink(bob));
    const { handoff } = await askForHandoff(first.session);

    const second = await continueHere(handoff, '/vi/pay');
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe('/vi/pay');
    expect(second.headers.get('referrer-policy')).toBe('no-referrer');
    const secondSession = sessionOf(second);
    expect(await openSession(secondSession, 'pay')).toMatchObject({ userId: '1002' });
    expect(await openSession(first.session, 'pay')).toBeNull();

    // Taken once: the same address in a third browser is refused, and sets nothing.
    const third = await continueHere(handoff, '/vi/pay');
    expect(problemOf(third)).toBe('replayed');
    expect(third.headers.get('set-cookie')).toBeNull();
    // One hop: the browser the handoff opened cannot hand the page on.
    expect(await askForHandoff(secondSession)).toMatchObject({ status: 409, code: 'handoff_once' });
  });

  it('a handoff is void once the browser that asked for it no longer holds the link', async () => {
    const first = await openedSession(await mintPaylink(bob));
    const one = await askForHandoff(first.session);
    const two = await askForHandoff(first.session);
    expect(await openSession(sessionOf(await continueHere(one.handoff)), 'pay')).not.toBeNull();
    const late = await continueHere(two.handoff);
    expect(problemOf(late)).toBe('replayed');
    expect(late.headers.get('set-cookie')).toBeNull();
  });

  it('the browser that opened the link first opens it again and holds it again: the taker’s session ends', async () => {
    const token = await mintPaylink(bob);
    const owner = await openedSession(token);
    const taker = sessionOf(await continueHere((await askForHandoff(owner.session)).handoff));
    expect(await openSession(owner.session, 'pay')).toBeNull();

    const back = await openedSession(token, owner.session);
    expect(back.response.headers.get('location')).toBe('/pay');
    expect(await openSession(back.session, 'pay')).toMatchObject({ userId: '1002' });
    expect(await openSession(taker, 'pay')).toBeNull();
    // The taker cannot take it back the same way: it was not the link's first browser.
    const retry = await openedSession(token, taker);
    expect(problemOf(retry.response)).toBe('replayed');
    expect(await openSession(back.session, 'pay')).not.toBeNull();
  });

  it('a newer link of the account ends the sessions of its older links, the taker’s included, and the older link cannot revive them', async () => {
    const oldToken = await mintPaylink(bob);
    const owner = await openedSession(oldToken);
    const taker = sessionOf(await continueHere((await askForHandoff(owner.session)).handoff));

    const fresh = await openedSession(await mintPaylink(bob));
    expect(await openSession(fresh.session, 'pay')).toMatchObject({ userId: '1002' });
    expect(await openSession(taker, 'pay')).toBeNull();
    expect(await openSession(owner.session, 'pay')).toBeNull();
    // Even the older link's first browser cannot bring the older link back over the newer one.
    expect(problemOf((await openedSession(oldToken, owner.session)).response)).toBe('replayed');
    expect(await openSession(fresh.session, 'pay')).not.toBeNull();
    // Another account's or another page's link ends nothing of Bob's pay session.
    await openedSession(await mintPaylink({ ...bob, sub: '1001' }));
    await openLinkInBrowser(`http://localhost:3000/team?t=${await mintPaylink({ ...bob, aud: 'team' })}`);
    expect(await openSession(fresh.session, 'pay')).not.toBeNull();
  });

  it('a session whose link claim is gone (purged after the link expired) is ended, not revived', async () => {
    const owner = await openedSession(await mintPaylink(bob));
    const jti = sealedSession(owner.session, 'pay')!.claims.jti;
    await store().sql.query('DELETE FROM link_claims WHERE jti = $1', [jti]);
    expect(await openSession(owner.session, 'pay')).toBeNull();
  });

  it('a link’s claim is kept until every session made from it has ended', async () => {
    const owner = await openedSession(await mintPaylink(bob, { lifetimeSeconds: 60 }));
    const jti = sealedSession(owner.session, 'pay')!.claims.jti;
    const { rows } = await store().sql.query<{ expires_at: Date }>(
      'SELECT expires_at FROM link_claims WHERE jti = $1',
      [jti],
    );
    expect(rows[0]!.expires_at.getTime()).toBeGreaterThanOrEqual(sealedSession(owner.session, 'pay')!.expiresAt * 1000);
  });

  it('the session a handoff opens ends when the session that asked for it would have', async () => {
    const first = await openedSession(await mintPaylink(bob));
    const second = sessionOf(await continueHere((await askForHandoff(first.session)).handoff));
    expect(sealedSession(second, 'pay')!.expiresAt).toBe(sealedSession(first.session, 'pay')!.expiresAt);
    expect(sealedSession(second, 'pay')!.handedOff).toBe(true);
  });

  it('names the account a handoff opens while it can be taken, and nothing once it is taken, expired or forged', async () => {
    const first = await openedSession(await mintPaylink(bob));
    const { handoff } = await askForHandoff(first.session);
    expect(await whoseHandoff(handoff)).toEqual({
      status: 200,
      body: { account: { name: 'Bob Tran', username: 'bob' } },
    });
    // Asking spends nothing.
    expect(await whoseHandoff(handoff)).toMatchObject({ status: 200 });
    expect(await whoseHandoff(handoff, '/pay', { 'sec-fetch-site': 'cross-site' })).toMatchObject({ status: 422 });
    expect(await whoseHandoff(`${handoff.slice(0, -3)}AAA`)).toMatchObject({ status: 422 });
    await continueHere(handoff);
    expect(await whoseHandoff(handoff)).toEqual({ status: 409, body: { problem: 'replayed' } });
    const stale = issueHandoff(
      { ...bob, jti: 'x' },
      { holder: 'holder-of-x', sessionExpiresAt: Math.floor(Date.now() / 1000) + 3600 },
      new Date(Date.now() - 3 * 60_000),
    );
    expect(await whoseHandoff(stale.token)).toEqual({ status: 410, body: { problem: 'expired' } });
  });

  it('refuses a forged, an expired, another page’s or another site’s handoff, and spends none of them', async () => {
    const opened = await openedSession(await mintPaylink(bob));
    const h = (await askForHandoff(opened.session)).handoff;
    const forged = `${h.slice(0, -3)}${h.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect(problemOf(await continueHere(forged))).toBe('invalid');
    const stale = issueHandoff(
      { ...bob, jti: 'x' },
      { holder: 'holder-of-x', sessionExpiresAt: Math.floor(Date.now() / 1000) + 3600 },
      new Date(Date.now() - 3 * 60_000),
    );
    expect(problemOf(await continueHere(stale.token))).toBe('expired');
    expect(problemOf(await continueHere(h, '/team'))).toBe('invalid');
    expect(problemOf(await continueHere(h, '/pay', { 'sec-fetch-site': 'cross-site' }))).toBe('invalid');
    // None of those spent it, and the first browser still holds the session until it is taken.
    expect(await openSession(opened.session, 'pay')).not.toBeNull();
    expect(problemOf(await continueHere(h))).toBeNull();
  });
});
