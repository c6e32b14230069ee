import { NextRequest } from 'next/server';
import { POST as exchange } from '@/app/api/miniapp/session/route';
import { GET as payView } from '@/app/api/pay/view/route';
import { GET as teamMembers, POST as addTeamMember } from '@/app/api/team/members/route';
import { POST as blockMember } from '@/app/api/team/members/[memberId]/block/route';
import { POST as unblockMember } from '@/app/api/team/members/[memberId]/unblock/route';
import { GET as teamOverview } from '@/app/api/team/overview/route';
import { resetRateLimits } from '@/lib/server/testing';
import type { PayPageView } from '@/lib/shared/pay-view';
import type { MemberListAnswer, MemberView } from '@/lib/shared/team';
import { storeKinds, useTestStore } from '../support/stores';
import { useEnv } from '../support/env';
import { launchFields, signedByToken } from '../support/init-data';
import { sessionCookie } from '../support/money';

/*
 * POST /api/miniapp/session: the Mini App trades Telegram's initData for a session it holds in
 * memory and sends as `Authorization: Bearer`. The demo directory: alice (1001) admin of the
 * telegram team -1002001, bob (1002) a member of it, linh (1010) in no team.
 */
const botToken = '7123456789:AAHtestTokenForTheMiniAppRouteTests_01';
const origin = 'http://localhost:3000';
let ip = 0;

function post(body: unknown, headers: Record<string, string> = {}) {
  ip += 1;
  return new NextRequest(`${origin}/api/miniapp/session`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': `10.7.${Math.floor(ip / 250)}.${ip % 250}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const initDataOf = (id: number, startParam?: string, at = new Date(), token = botToken) =>
  signedByToken(launchFields({ id, language_code: 'vi' }, at, startParam), token);

async function open(initData: string, page: 'pay' | 'team', headers: Record<string, string> = {}) {
  const response = await exchange(post({ initData, page }, headers));
  const body = (await response.json()) as {
    token?: string;
    expiresAt?: number;
    error?: { code: string; message: string };
  };
  return { status: response.status, body, cookie: response.headers.get('set-cookie') };
}

const get = (path: string, headers: Record<string, string>) =>
  new NextRequest(`${origin}${path}`, { headers: { 'sec-fetch-site': 'same-origin', ...headers } });

/** A POST of the team API, as the Mini App's page sends it (same origin, its session in `headers`). */
const postTo = (path: string, headers: Record<string, string>, body?: unknown) =>
  new NextRequest(`${origin}${path}`, {
    method: 'POST',
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const memberParams = (memberId: string) => ({ params: Promise.resolve({ memberId }) });

async function viewWith(headers: Record<string, string>) {
  const response = await payView(get('/api/pay/view', headers));
  return (await response.json()) as PayPageView;
}

describe.each(storeKinds)('the Mini App session exchange on %s', (kind) => {
  useEnv({ TELEGRAM_BOT_TOKEN: botToken });
  useTestStore(kind);
  beforeEach(resetRateLimits);

  it('opens a pay session for the Telegram user as a header token, with no cookie', async () => {
    const { status, body, cookie } = await open(initDataOf(1001), 'pay');
    expect(status).toBe(200);
    expect(cookie).toBeNull();
    expect(body.expiresAt).toBeGreaterThan(Date.now() / 1000);
    const view = await viewWith({ authorization: `Bearer ${body.token}` });
    expect(view).toMatchObject({ kind: 'form', context: { account: { platform: 'telegram', userId: '1001' } } });
  });

  it('keeps the team startapp names for a member, and drops it for someone outside the team', async () => {
    const bob = await open(initDataOf(1002, '-1002001'), 'pay');
    expect(await viewWith({ authorization: `Bearer ${bob.body.token}` })).toMatchObject({
      context: { team: { teamId: '-1002001' } },
    });
    const linh = await open(initDataOf(1010, '-1002001'), 'pay');
    expect(linh.status).toBe(200);
    expect(await viewWith({ authorization: `Bearer ${linh.body.token}` })).toMatchObject({ context: { team: null } });
  });

  it('opens the team page only for an admin of the team startapp names', async () => {
    const alice = await open(initDataOf(1001, '-1002001'), 'team');
    expect(alice.status).toBe(200);
    const members = await teamMembers(get('/api/team/members', { authorization: `Bearer ${alice.body.token}` }));
    expect(members.status).toBe(200);
    const overview = await teamOverview(get('/api/team/overview', { authorization: `Bearer ${alice.body.token}` }));
    expect(await overview.json()).toMatchObject({ team: { teamId: '-1002001', name: 'Acme Growth' } });
    // A pay session is not a team session, whatever team it names.
    const payToken = (await open(initDataOf(1001, '-1002001'), 'pay')).body.token;
    expect((await teamOverview(get('/api/team/overview', { authorization: `Bearer ${payToken}` }))).status).toBe(401);

    expect(await open(initDataOf(1002, '-1002001'), 'team')).toMatchObject({
      status: 403,
      body: { error: { code: 'not_team_admin' } },
    });
    expect(await open(initDataOf(1001, '-1009999'), 'team')).toMatchObject({
      status: 403,
      body: { error: { code: 'not_team_admin' } },
    });
    expect(await open(initDataOf(1001), 'team')).toMatchObject({ status: 422, body: { error: { code: 'no_team' } } });
  });

  it('a team session in the header alone searches, adds, blocks and unblocks: the team page inside Telegram', async () => {
    const bearer = { authorization: `Bearer ${(await open(initDataOf(1001, '-1002001'), 'team')).body.token}` };
    const listed = async (query = '') =>
      (await (await teamMembers(get(`/api/team/members${query}`, bearer))).json()) as MemberListAnswer;

    // The list names the admin's own row when it is on the page: the Mini App offers no Block there.
    const everyone = await listed();
    expect(everyone.selfId).toBe(everyone.members.find((member) => member.username === 'alice')?.memberId);
    const found = await listed('?q=tran&page=1');
    expect(found.members.map((member) => member.username)).toEqual(['bob']);
    expect(found.selfId).toBeNull();

    const added = await addTeamMember(
      postTo('/api/team/members', bearer, { platform: 'telegram', username: 'guest_x' }),
    );
    expect(added.status).toBe(201);
    const { member } = (await added.json()) as { member: MemberView };
    expect(member).toMatchObject({ username: 'guest_x', status: 'invited' });
    expect((await listed('?q=guest_x')).members).toEqual([member]);

    const path = `/api/team/members/${member.memberId}`;
    const blocked = await blockMember(postTo(`${path}/block`, bearer), memberParams(member.memberId));
    expect(await blocked.json()).toMatchObject({ member: { status: 'blocked' } });
    const unblocked = await unblockMember(postTo(`${path}/unblock`, bearer), memberParams(member.memberId));
    // Back to invited: they have still not written in the chat.
    expect(await unblocked.json()).toMatchObject({ member: { status: 'invited' } });

    // The directory's rules hold the same through the header: the team's last admin is not blocked.
    const self = everyone.selfId!;
    const refused = await blockMember(
      postTo(`/api/team/members/${self}/block`, { ...bearer, 'accept-language': 'vi' }),
      memberParams(self),
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: { code: 'last_admin', message: expect.stringMatching(/quản trị/) },
    });
    // Without the header the same request has no session; from another site it is refused.
    expect(
      (await addTeamMember(postTo('/api/team/members', {}, { platform: 'telegram', username: 'guest_y' }))).status,
    ).toBe(401);
    const crossSite = { ...bearer, 'sec-fetch-site': 'cross-site' };
    expect((await blockMember(postTo(`${path}/block`, crossSite), memberParams(member.memberId))).status).toBe(403);
  });

  it('refuses a pay session to a Telegram user the assistant does not know', async () => {
    expect(await open(initDataOf(424242), 'pay')).toMatchObject({
      status: 404,
      body: { error: { code: 'unknown_account' } },
    });
  });

  it.each([
    [
      'forged (another bot’s token)',
      () => initDataOf(1001, undefined, new Date(), '7999999999:AAHanotherBotsTokenWhichSignsOtherData'),
      401,
      'signature',
    ],
    [
      'stale (opened over an hour ago)',
      () => initDataOf(1001, undefined, new Date(Date.now() - 3601_000)),
      401,
      'stale',
    ],
    ['truncated', () => initDataOf(1001).slice(0, -20), 401, 'signature'],
    ['not initData at all', () => 'user=alice', 401, 'signature'],
    ['a field given twice', () => `${initDataOf(1001)}&auth_date=1`, 400, 'malformed'],
  ])('refuses %s initData with a translated message and no session', async (_, initData, status, code) => {
    const { body, cookie, ...answer } = await open(initData(), 'pay', { 'accept-language': 'vi-VN' });
    expect(answer.status).toBe(status);
    expect(cookie).toBeNull();
    expect(body.token).toBeUndefined();
    expect(body.error?.code).toBe(code);
    expect(body.error?.message).toMatch(/trò chuyện/);
  });

  it('refuses a request from another site, and a body that is not the exchange’s', async () => {
    expect(
      (await exchange(post({ initData: initDataOf(1001), page: 'pay' }, { 'sec-fetch-site': 'cross-site' }))).status,
    ).toBe(403);
    expect((await exchange(post({ initData: initDataOf(1001), page: 'admin' }))).status).toBe(422);
  });

  it('takes the Mini App token only from the header, and a link’s session only from its cookie', async () => {
    const { body } = await open(initDataOf(1001), 'pay');
    expect(await viewWith({ cookie: `quorum-pay=${body.token}` })).toMatchObject({ kind: 'result' });
    const linkCookie = await sessionCookie({ platform: 'telegram', userId: '1001' });
    const linkSession = linkCookie.split('=')[1]!.split(';')[0]!;
    expect(await viewWith({ authorization: `Bearer ${linkSession}` })).toMatchObject({ kind: 'result' });
    // A request with the header is judged by it alone, whatever cookie rides along.
    expect(await viewWith({ authorization: 'Bearer nonsense', cookie: linkCookie })).toMatchObject({ kind: 'result' });
    expect(await viewWith({ cookie: linkCookie })).toMatchObject({ kind: 'form' });
  });
});

describe('the Mini App in production without the bot’s credentials', () => {
  useEnv({ APP_ENV: 'production', ALLOW_HTTP_SITE_URL: '1' });
  useTestStore('pglite');

  it('is not offered: the exchange answers `off`', async () => {
    expect(await open(initDataOf(1001), 'pay')).toMatchObject({ status: 404, body: { error: { code: 'off' } } });
  });
});
