import { NextRequest } from 'next/server';
import { SignJWT, UnsecuredJWT } from 'jose';
import { proxy } from '@/proxy';
import { mintPaylink, verifyPaylink } from '@/lib/server/session/paylink';
import { openSession } from '@/lib/server/session/session';
import { paylinkSecret } from '@/lib/server/session/secret';
import { forgetAvailability, installDatabase } from '@/lib/server/testing';
import { randomUUID } from 'node:crypto';
import { useTestStore } from '../support/stores';
import { openLinkInBrowser, postLink } from '../support/open-link';

const claims = { plt: 'telegram', sub: '1001', team: '-1002001', aud: 'pay' } as const;
const open = (url: string, cookie?: string) => openLinkInBrowser(url, cookie ? { cookie } : {});
const problemOf = (response: Response) =>
  new URL(response.headers.get('location')!, 'http://localhost:3000').searchParams.get('link');
const cookieValue = (setCookie: string | null) => setCookie?.match(/quorum-pay=([^;]*)/)?.[1] ?? '';

describe('pay links', () => {
  const store = useTestStore('pglite');

  it('exchanges a valid link for an httpOnly Lax session and 303s to the same URL without t, relative to the public host', async () => {
    const token = await mintPaylink(claims);
    const response = await open(`http://localhost:3000/vi/pay?x=1&t=${token}`);
    expect(response.status).toBe(303);
    // The page, and nothing else: a handoff to another browser is given only when the person asks for one.
    expect(response.headers.get('location')).toBe('/vi/pay?x=1');
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

  it('uses a plain, non-Secure cookie name while SITE_URL is http (the request host does not decide)', async () => {
    const response = await open(`https://quorum.example/pay?t=${await mintPaylink(claims)}`);
    expect(response.headers.get('set-cookie')).toMatch(/^quorum-pay=/);
    expect(response.headers.get('set-cookie')).not.toMatch(/Secure/i);
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

  it.each(forged)('refuses a link %s: no session, and the page told why', async (label, make) => {
    const token = await make();
    expect((await verifyPaylink(token, 'pay')).ok).toBe(false);
    const response = await open(`http://localhost:3000/pay?t=${encodeURIComponent(token)}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie') ?? '').not.toMatch(/quorum-pay=[^;]/i);
    expect(problemOf(response)).toBe(label === 'expired' ? 'expired' : 'invalid');
  });

  it('refuses a token whose expiry is not a real date as invalid, not as a store failure', async () => {
    const token = await new SignJWT({ plt: 'telegram', jti: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1001')
      .setAudience('pay')
      .setIssuedAt(now)
      .setExpirationTime(1e20)
      .sign(paylinkSecret());
    expect(await verifyPaylink(token, 'pay')).toEqual({ ok: false, reason: 'claims' });
    const response = await open(`http://localhost:3000/pay?t=${token}`);
    expect({ status: response.status, problem: problemOf(response) }).toEqual({ status: 303, problem: 'invalid' });
  });

  it('is single-use: a second browser opening the same link gets no session, and is told it was opened elsewhere', async () => {
    const token = await mintPaylink(claims);
    const first = await open(`http://localhost:3000/pay?t=${token}`);
    expect(await openSession(cookieValue(first.headers.get('set-cookie')), 'pay')).not.toBeNull();
    const second = await open(`http://localhost:3000/vi/pay?t=${token}`);
    expect(second.status).toBe(303);
    expect(second.headers.get('set-cookie')).toBeNull();
    expect(second.headers.get('location')).toBe('/vi/pay?link=replayed&chat=telegram');
  });

  it.each([
    ['TelegramBot (like TwitterBot)', 'GET'],
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'HEAD'],
    ['Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', 'GET'],
    ['WhatsApp/2.23.20.0', 'GET'],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'HEAD'],
  ])(
    'spends nothing on a plain %s %s, so the person who taps the link afterwards gets the session',
    async (agent, method) => {
      const token = await mintPaylink(claims);
      for (let i = 0; i < 2; i += 1) {
        const preview = await proxy(
          new NextRequest(`http://localhost:3000/vi/pay?t=${token}`, { method, headers: { 'user-agent': agent } }),
        );
        expect(preview.status).toBe(200);
        expect(preview.headers.get('set-cookie')).toBeNull();
      }
      const person = await open(`http://localhost:3000/vi/pay?t=${token}`);
      expect(await openSession(cookieValue(person.headers.get('set-cookie')), 'pay')).not.toBeNull();
    },
  );

  it('opens a session only from this site: a POST from another site is refused and changes no cookie', async () => {
    const token = await mintPaylink(claims);
    const response = await postLink(token, '/pay', { site: 'cross-site' });
    expect(problemOf(response)).toBe('invalid');
    expect(response.headers.get('set-cookie')).toBeNull();
    // The link is still unspent for its owner.
    expect(
      await openSession(
        cookieValue((await open(`http://localhost:3000/pay?t=${token}`)).headers.get('set-cookie')),
        'pay',
      ),
    ).not.toBeNull();
  });

  it.each(['https://evil.example/pay', '//evil.example/pay', '/nope', '/vi/pay/../../evil', '/\\evil.example'])(
    'never sends the browser anywhere but /pay or /team of this site (next=%s)',
    async (next) => {
      const response = await postLink(await mintPaylink(claims), next);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/^\/(?:[a-z]{2}\/)?(?:pay|team)(?:\?|$)/);
    },
  );

  it('lets the browser that first opened a link open it again, and no other browser, whatever session it holds', async () => {
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
    expect(problemOf(borrowed)).toBe('replayed');
    // The refusal leaves that browser's own session as it was.
    expect(borrowed.headers.get('set-cookie')).toBeNull();
  });

  it('answers a translated 503 when /pay and /team are opened (not previewed) while the store is down', async () => {
    const down = Promise.reject(new Error('database is down'));
    down.catch(() => undefined); // read later, by the proxy
    installDatabase(down);
    forgetAvailability();
    const response = await postLink(await mintPaylink(claims), '/vi/pay');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await response.text();
    expect(html).toContain('<html lang="vi"');
    expect(html).toContain('Tạm thời không khả dụng');
    expect(html).toContain('href="/vi"');
    expect((await open('http://localhost:3000/team')).status).toBe(503);
    // Back up: the next request after the reuse window is served normally.
    installDatabase(Promise.resolve(store()));
    forgetAvailability();
    expect((await open(`http://localhost:3000/pay?t=${await mintPaylink(claims)}`)).status).toBe(303);
  });

  it('answers a translated 503, opening no session and spending nothing, when the store fails while recording a use', async () => {
    const token = await mintPaylink(claims);
    const down = Promise.reject(new Error('database is down'));
    down.catch(() => undefined); // read later, by the exchange
    installDatabase(down);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const response = await postLink(token, '/vi/pay');
    expect(response.status).toBe(503);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.text()).toContain('<html lang="vi"');
    installDatabase(Promise.resolve(store()));
    expect(
      await openSession(
        cookieValue((await open(`http://localhost:3000/pay?t=${token}`)).headers.get('set-cookie')),
        'pay',
      ),
    ).not.toBeNull();
  });

  it('refuses a token typed as something other than a JWT (RFC 8725 explicit typing)', async () => {
    const token = await new SignJWT({ plt: 'telegram', jti: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'session+jwt' })
      .setSubject('1001')
      .setAudience('pay')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(paylinkSecret());
    expect(await verifyPaylink(token, 'pay')).toEqual({ ok: false, reason: 'claims' });
    const untyped = await new SignJWT({ plt: 'telegram', jti: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1001')
      .setAudience('pay')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(paylinkSecret());
    expect((await verifyPaylink(untyped, 'pay')).ok).toBe(true);
  });

  it('refuses a token issued in the future (beyond the 30 s clock tolerance)', async () => {
    const future = new Date(Date.now() + 3600_000);
    const token = await mintPaylink(claims, { now: future });
    expect(await verifyPaylink(token, 'pay')).toEqual({ ok: false, reason: 'claims' });
    expect((await verifyPaylink(await mintPaylink(claims, { now: new Date(Date.now() + 20_000) }), 'pay')).ok).toBe(
      true,
    );
  });

  it('rate-limits link exchanges per client address: a translated 429 with Retry-After', async () => {
    const from = (ip: string) => postLink('not.a.jwt', '/pay', { ip });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await from('198.51.100.20')).status);
    expect(statuses.slice(0, 20).every((s) => s === 303)).toBe(true);
    const limited = await from('198.51.100.20');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toMatch(/<html lang="en"[\s\S]*Too many attempts/);
    // Another client is unaffected, and a spoofed left-hand entry does not choose the bucket.
    expect((await from('198.51.100.21')).status).toBe(303);
    expect((await from('6.6.6.6, 198.51.100.20')).status).toBe(429);
  });

  it('does not accept the session cookie of one audience for another', async () => {
    const response = await open(`http://localhost:3000/pay?t=${await mintPaylink(claims)}`);
    const value = cookieValue(response.headers.get('set-cookie'));
    expect(await openSession(value, 'team')).toBeNull();
    expect(await openSession(await mintPaylink(claims), 'pay')).toBeNull();
  });
});
