import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { log } from '@/lib/server/observability/log';
import { mintPaylink } from '@/lib/server/session/paylink';
import { openSession } from '@/lib/server/session/session';
import { linkToken } from '@/lib/server/links/link-exchange';
import { useTestStore } from '../support/stores';
import { openLinkInBrowser, postLink } from '../support/open-link';

/*
 * The link exchange as another site, a link checker or a chat message would drive it: nothing
 * spends a link but the person's own tap on the opening page, a bad link never ends a good
 * session, and a page that would replace this browser's account with another says so first.
 */
const bob = { plt: 'telegram', sub: '1002', team: '-1002001', aud: 'pay' } as const;
const linh = { plt: 'telegram', sub: '1010', aud: 'pay' } as const;
const problemOf = (response: Response) =>
  new URL(response.headers.get('location')!, 'http://localhost:3000').searchParams.get('link');
const sessionOf = (response: Response) => response.headers.get('set-cookie')?.match(/quorum-pay=([^;]*)/)?.[1] ?? '';

async function sessionFor(claims: typeof bob | typeof linh): Promise<string> {
  const opened = await openLinkInBrowser(`http://localhost:3000/pay?t=${await mintPaylink(claims)}`);
  return `quorum-pay=${sessionOf(opened)}`;
}

const openingPage = async (url: string, cookie?: string) =>
  (await proxy(new NextRequest(url, { headers: cookie ? { cookie } : {} }))).text();

describe('opening a link', () => {
  useTestStore('pglite');

  it('answers a page that posts nothing by itself: the token goes only with the person’s tap on its button', async () => {
    const html = await openingPage(`http://localhost:3000/vi/pay?t=${await mintPaylink(bob)}`);
    expect(html).toMatch(/<form id="open" method="post" action="\/api\/link" hidden>.*<button type="submit"/);
    expect(html).toContain('Mở trang thanh toán của tôi');
    // The script readies the form and listens for its submission; it never submits it itself.
    expect(html).not.toMatch(/\.submit\(\)|requestSubmit|fetch\(|sendBeacon/);
  });

  it.each(['garbage', 'expired', 'replayed'])(
    'a refused link (%s) leaves the session this browser already holds',
    async (kind) => {
      const cookie = await sessionFor(bob);
      const token =
        kind === 'garbage'
          ? 'eyJnot.a.token'
          : kind === 'expired'
            ? await mintPaylink(linh, { now: new Date(Date.now() - 3 * 3600_000), lifetimeSeconds: 3600 })
            : await mintPaylink(linh);
      if (kind === 'replayed') await openLinkInBrowser(`http://localhost:3000/pay?t=${token}`);
      const refused = await openLinkInBrowser(`http://localhost:3000/pay?t=${token}`, { cookie });
      expect(problemOf(refused)).toBe(kind === 'garbage' ? 'invalid' : kind);
      expect(refused.headers.get('set-cookie')).toBeNull();
    },
  );

  it('says before the tap that continuing replaces this browser’s session for another account, and only then', async () => {
    const bobsBrowser = await sessionFor(bob);
    const linhsLink = `http://localhost:3000/pay?t=${await mintPaylink(linh)}`;
    expect(await openingPage(linhsLink, bobsBrowser)).toContain('class="warn" role="alert"');
    expect(await openingPage(linhsLink)).not.toContain('class="warn"');
    const bobsOtherLink = `http://localhost:3000/pay?t=${await mintPaylink(bob)}`;
    expect(await openingPage(bobsOtherLink, bobsBrowser)).not.toContain('class="warn"');
  });

  it.each(['.', ',', ')', '!', '?', '…', '...', ').'])(
    'opens a link that a chat message’s trailing %p was taken into',
    async (tail) => {
      const token = await mintPaylink(bob);
      expect(linkToken(`${token}${tail}`)).toBe(token);
      const response = await postLink(`${token}${tail}`, '/pay');
      expect(problemOf(response)).toBeNull();
      expect(await openSession(sessionOf(response), 'pay')).toMatchObject({ userId: '1002' });
    },
  );

  it('a refusal names the platform the link came from, for a one-tap way back to its assistant, and only a known one', async () => {
    const chatOf = (response: Response) =>
      new URL(response.headers.get('location')!, 'http://localhost:3000').searchParams.get('chat');
    const used = await mintPaylink(linh);
    await openLinkInBrowser(`http://localhost:3000/pay?t=${used}`);
    expect(chatOf(await openLinkInBrowser(`http://localhost:3000/pay?t=${used}`))).toBe('telegram');
    const expired = await mintPaylink(
      { plt: 'discord', sub: 'D2001', aud: 'pay' },
      { now: new Date(Date.now() - 3 * 3600_000), lifetimeSeconds: 3600 },
    );
    expect(chatOf(await postLink(expired, '/vi/pay'))).toBe('discord');
    expect(chatOf(await postLink('not-a-token', '/pay'))).toBeNull();
    const [header, , signature] = used.split('.');
    const forgedPlatform = `${header}.${Buffer.from(JSON.stringify({ plt: 'evil.example' })).toString('base64url')}.${signature}`;
    expect(chatOf(await postLink(forgedPlatform, '/pay'))).toBeNull();
  });

  it('logs why a link was refused exactly: a forged signature is not a malformed token', async () => {
    const warn = jest.spyOn(log(), 'warn');
    const token = await mintPaylink(bob);
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await postLink(forged, '/pay');
    await postLink('not-a-token', '/pay');
    const causes = warn.mock.calls.map(([fields]) => (fields as { cause?: string }).cause).filter(Boolean);
    warn.mockRestore();
    expect(causes).toEqual(['signature', 'malformed']);
  });
});
