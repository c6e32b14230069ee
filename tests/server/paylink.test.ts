import { NextRequest } from 'next/server';
import { SignJWT, UnsecuredJWT } from 'jose';
import { proxy } from '@/proxy';
import { mintPaylink, verifyPaylink } from '@/lib/server/session/paylink';
import { openSession } from '@/lib/server/session/session';
import { paylinkSecret } from '@/lib/server/session/secret';
import { installDatabase } from '@/lib/server/db';
import { useTestStore } from '../support/stores';

const claims = { plt: 'telegram', sub: '1001', team: '-1002001', aud: 'pay' } as const;
const open = (url: string, cookie?: string) =>
  proxy(new NextRequest(url, { headers: { 'sec-fetch-dest': 'document', ...(cookie ? { cookie } : {}) } }));
const cookieValue = (setCookie: string | null) => setCookie?.match(/quorum-pay=([^;]*)/)?.[1] ?? '';

describe('pay links', () => {
  const store = useTestStore('pglite');

  it('exchanges a valid link for an httpOnly Lax session and 303s to the same URL without t', async () => {
    const token = await mintPaylink(claims);
    const response = await open(`http://localhost:3000/vi/pay?x=1&t=${token}`);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, 'http://localhost:3000');
    expect(location.pathname + location.search).toBe('/vi/pay?x=1');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(await openSession(cookieValue(setCookie), 'pay')).toEqual({
      platform: 'telegram',
      userId: '1001',
      teamId: '-1002001',
    });
  });

  it('uses a Secure __Host- cookie outside localhost', async () => {
    const response = await open(`https://quorum.example/pay?t=${await mintPaylink(claims)}`);
    expect(response.headers.get('set-cookie')).toMatch(/^__Host-quorum-pay=.*Secure/i);
  });

  const now = Math.floor(Date.now() / 1000);
  const forged: Array<[string, () => Promise<string>]> = [
    ['signed with another secret', () => mintPaylink(claims, { secret: new TextEncoder().encode('x'.repeat(40)) })],
    ['expired', () => mintPaylink(claims, { now: new Date(Date.now() - 48 * 3600_000) })],
    [
      'alg none',
      async () =>
        new UnsecuredJWT({ plt: 'telegram', jti: 'j' })
          .setSubject('1001')
          .setAudience('pay')
          .setIssuedAt()
          .setExpirationTime('1h')
          .encode(),
    ],
    [
      'HS512',
      async () =>
        new SignJWT({ plt: 'telegram', jti: 'j' })
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject('1001')
          .setAudience('pay')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new Uint8Array(Buffer.concat([paylinkSecret(), paylinkSecret()]))),
    ],
    ['for the team page', () => mintPaylink({ ...claims, aud: 'team' })],
    [
      'without exp',
      async () =>
        new SignJWT({ plt: 'telegram', jti: 'j' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('1001')
          .setAudience('pay')
          .setIssuedAt(now)
          .sign(paylinkSecret()),
    ],
    [
      'for an unknown platform',
      async () =>
        new SignJWT({ plt: 'icq', jti: 'j' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('1001')
          .setAudience('pay')
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(paylinkSecret()),
    ],
    [
      'a payload edited after signing',
      async () => {
        const [h, , s] = (await mintPaylink(claims)).split('.');
        return `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '1002', exp: now + 600, iat: now, jti: 'j' })).toString('base64url')}.${s}`;
      },
    ],
    ['malformed', async () => 'not.a.jwt'],
    ['empty', async () => ''],
    ['100 KB long', async () => 'a'.repeat(100_000)],
  ];

  it.each(forged)('refuses a link %s: no session, and any previous one is cleared', async (_label, make) => {
    const token = await make();
    expect((await verifyPaylink(token, 'pay')).ok).toBe(false);
    const response = await open(`http://localhost:3000/pay?t=${encodeURIComponent(token)}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toMatch(/quorum-pay=;.*Max-Age=0/i);
  });

  it('is single-use: a second browser opening the same link gets no session (security.md T7)', async () => {
    const token = await mintPaylink(claims);
    const first = await open(`http://localhost:3000/pay?t=${token}`);
    expect(await openSession(cookieValue(first.headers.get('set-cookie')), 'pay')).not.toBeNull();
    const second = await open(`http://localhost:3000/vi/pay?t=${token}`);
    expect(second.status).toBe(303);
    expect(second.headers.get('set-cookie')).toMatch(/quorum-pay=;.*Max-Age=0/i);
  });

  it('lets the browser that first opened a link open it again', async () => {
    const token = await mintPaylink(claims);
    const first = await open(`http://localhost:3000/pay?t=${token}`);
    const session = cookieValue(first.headers.get('set-cookie'));
    const again = await open(`http://localhost:3000/pay?t=${token}`, `quorum-pay=${session}`);
    expect(await openSession(cookieValue(again.headers.get('set-cookie')), 'pay')).not.toBeNull();
    // …but a session from another link does not make this one reusable elsewhere.
    const other = cookieValue(
      (await open(`http://localhost:3000/pay?t=${await mintPaylink(claims)}`)).headers.get('set-cookie'),
    );
    const borrowed = await open(`http://localhost:3000/pay?t=${token}`, `quorum-pay=${other}`);
    expect(borrowed.headers.get('set-cookie')).toMatch(/quorum-pay=;.*Max-Age=0/i);
  });

  it('refuses a link, rather than failing, when the store cannot record its use', async () => {
    const token = await mintPaylink(claims);
    const down = Promise.reject(new Error('database is down'));
    down.catch(() => undefined); // read later, by the proxy
    installDatabase(down);
    const response = await open(`http://localhost:3000/pay?t=${token}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toMatch(/quorum-pay=;.*Max-Age=0/i);
    installDatabase(Promise.resolve(store()));
  });

  it('does not accept the session cookie of one audience for another', async () => {
    const response = await open(`http://localhost:3000/pay?t=${await mintPaylink(claims)}`);
    const value = cookieValue(response.headers.get('set-cookie'));
    expect(await openSession(value, 'team')).toBeNull();
    expect(await openSession(await mintPaylink(claims), 'pay')).toBeNull();
  });
});
