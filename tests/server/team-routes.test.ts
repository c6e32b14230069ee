import { NextRequest } from 'next/server';
import { GET as list, POST as add } from '@/app/api/team/members/route';
import { POST as block } from '@/app/api/team/members/[memberId]/block/route';
import { POST as unblock } from '@/app/api/team/members/[memberId]/unblock/route';
import { resetRateLimits } from '@/lib/server/testing';
import { loadPayView } from '@/lib/server/pay/load-pay-view';
import { loadTeamPage } from '@/lib/server/team/team-admin';
import { payingSubject } from '@/lib/server/session/session';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, bob, sessionCookie } from '../support/money';

const origin = 'http://localhost:3000';
const minh = { platform: 'discord', userId: 'D2001', teamId: '920001' } as const;
let ip = 0;

function request(
  path: string,
  { cookie, body, headers = {} }: { cookie?: string; body?: string; headers?: Record<string, string> } = {},
) {
  ip += 1;
  return new NextRequest(`${origin}${path}`, {
    method: body === undefined && !path.endsWith('block') ? 'GET' : 'POST',
    headers: {
      origin,
      'x-forwarded-for': `10.1.${Math.floor(ip / 250)}.${ip % 250}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body } : {}),
  });
}

const teamCookie = (subject: typeof alice | typeof bob | typeof minh) => sessionCookie(subject, 'team');
const params = (memberId: string) => ({ params: Promise.resolve({ memberId }) });

async function membersOf(cookie: string, query = '') {
  const response = await list(request(`/api/team/members${query}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as {
    members: Array<{ memberId: string; username: string; status: string }>;
    total: number;
    page: number;
  };
}

describe.each(storeKinds)('the team API on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const statusOf = async (username: string) =>
    (
      await store().sql.query<{ status: string }>(
        `SELECT m.status FROM team_members m JOIN accounts a USING (platform, user_id) WHERE a.username = $1`,
        [username],
      )
    ).rows[0]?.status;

  it("lists the admin's team in pages, searchable by name, and ignores a nonsense page number", async () => {
    const cookie = await teamCookie(alice);
    const all = await membersOf(cookie);
    expect(all.total).toBe(8);
    expect(all.members.map((m) => m.username)).toContain('ivan');
    expect((await membersOf(cookie, '?q=tran')).members.map((m) => m.username)).toEqual(['bob']);
    expect((await membersOf(cookie, '?q=%40bob')).members.map((m) => m.username)).toEqual(['bob']);
    expect((await membersOf(cookie, '?page=abc')).page).toBe(1);
    expect((await membersOf(cookie, '?page=2')).members).toEqual([]);
  });

  it('refuses without a team session (401), from another site (403), and to a pay session (401)', async () => {
    expect((await list(request('/api/team/members'))).status).toBe(401);
    const cookie = await teamCookie(alice);
    expect(
      (await list(request('/api/team/members', { cookie, headers: { origin: 'https://evil.example' } }))).status,
    ).toBe(403);
    const pay = await list(request('/api/team/members', { cookie: await sessionCookie(alice, 'pay') }));
    expect(pay.status).toBe(401);
    expect((await pay.json()).error.code).toBe('no_team_session');
  });

  it('refuses a member who is not an admin with a translated 403 and no team data', async () => {
    const response = await list(
      request('/api/team/members', { cookie: await teamCookie(bob), headers: { 'accept-language': 'vi' } }),
    );
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body).toEqual({ error: { code: 'not_team_admin', message: expect.stringMatching(/quản trị/) } });
    expect(JSON.stringify(body)).not.toMatch(/alice|Acme/i);
  });

  it('adds a member by username (201), invited when the assistant has not met them', async () => {
    const cookie = await teamCookie(alice);
    const response = await add(
      request('/api/team/members', {
        cookie,
        body: JSON.stringify({ platform: 'telegram', username: '@New_Colleague' }),
      }),
    );
    expect(response.status).toBe(201);
    expect((await response.json()).member).toMatchObject({
      username: 'New_Colleague',
      status: 'invited',
      fullName: null,
    });
    const known = await add(
      request('/api/team/members', { cookie, body: JSON.stringify({ platform: 'telegram', username: 'linh' }) }),
    );
    expect((await known.json()).member).toMatchObject({ username: 'linh', status: 'active', fullName: 'Linh Hoang' });
    expect((await membersOf(cookie)).total).toBe(10);
  });

  it('refuses a hostile or malformed username (422) and a body that is not small JSON', async () => {
    const cookie = await teamCookie(alice);
    for (const username of ['<img src=x onerror=alert(1)>', 'a', 'x'.repeat(40), '\u202Eevil', '']) {
      const response = await add(
        request('/api/team/members', { cookie, body: JSON.stringify({ platform: 'telegram', username }) }),
      );
      expect(response.status).toBe(422);
      expect((await response.json()).error.code).toBe('invalid_username');
    }
    expect((await add(request('/api/team/members', { cookie, body: '{"platform":' }))).status).toBe(400);
    expect(
      (await add(request('/api/team/members', { cookie, body: 'x', headers: { 'content-type': 'text/plain' } })))
        .status,
    ).toBe(415);
    expect((await membersOf(cookie)).total).toBe(8);
  });

  it('adds within the paid seats only: the eleventh member gets 409 seats_full', async () => {
    const cookie = await teamCookie(alice);
    for (const username of ['extra_one', 'extra_two']) {
      expect(
        (await add(request('/api/team/members', { cookie, body: JSON.stringify({ platform: 'telegram', username }) })))
          .status,
      ).toBe(201);
    }
    const refused = await add(
      request('/api/team/members', { cookie, body: JSON.stringify({ platform: 'telegram', username: 'extra_three' }) }),
    );
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('seats_full');
    expect((await membersOf(cookie)).total).toBe(10);
  });

  it("adds to the session's team only, whatever team id the body carries", async () => {
    const cookie = await teamCookie(alice);
    const body = JSON.stringify({ platform: 'telegram', username: 'smuggled', teamId: '920001', team: '920001' });
    expect((await add(request('/api/team/members', { cookie, body }))).status).toBe(201);
    expect((await membersOf(cookie, '?q=smuggled')).total).toBe(1);
    expect((await membersOf(await teamCookie(minh), '?q=smuggled')).total).toBe(0);
  });

  it('blocks and unblocks a member, and answers 409 for the last admin', async () => {
    const cookie = await teamCookie(alice);
    const { members } = await membersOf(cookie);
    const bobsId = members.find((m) => m.username === 'bob')!.memberId;
    const blocked = await block(request(`/api/team/members/${bobsId}/block`, { cookie }), params(bobsId));
    expect(blocked.status).toBe(200);
    expect((await blocked.json()).member.status).toBe('blocked');
    expect(await statusOf('bob')).toBe('blocked');
    expect((await unblock(request(`/api/team/members/${bobsId}/unblock`, { cookie }), params(bobsId))).status).toBe(
      200,
    );
    expect(await statusOf('bob')).toBe('active');

    const alicesId = members.find((m) => m.username === 'alice')!.memberId;
    const last = await block(
      request(`/api/team/members/${alicesId}/block`, { cookie, headers: { 'accept-language': 'en' } }),
      params(alicesId),
    );
    expect(last.status).toBe(409);
    expect((await last.json()).error).toEqual({ code: 'last_admin', message: expect.stringMatching(/last admin/) });
    expect(await statusOf('alice')).toBe('active');
  });

  it("cannot block another team's member by its id (404), nor block as a non-admin (403)", async () => {
    const saraId = (await membersOf(await teamCookie(minh))).members.find((m) => m.username === 'sara')!.memberId;
    const cross = await block(
      request(`/api/team/members/${saraId}/block`, { cookie: await teamCookie(alice) }),
      params(saraId),
    );
    expect(cross.status).toBe(404);
    expect(await statusOf('sara')).toBe('active');
    const bobsId = (await membersOf(await teamCookie(alice))).members.find((m) => m.username === 'bob')!.memberId;
    const asBob = await block(
      request(`/api/team/members/${bobsId}/block`, { cookie: await teamCookie(bob) }),
      params(bobsId),
    );
    expect(asBob.status).toBe(403);
    const weird = await block(
      request(`/api/team/members/x/block`, { cookie: await teamCookie(alice) }),
      params('../../etc'),
    );
    expect(weird.status).toBe(404);
    expect(await statusOf('bob')).toBe('active');
  });

  it('rate-limits a team session like checkout (429 with Retry-After)', async () => {
    const cookie = await teamCookie(alice);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await list(request('/api/team/members', { cookie }))).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const last = await list(request('/api/team/members', { cookie }));
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('shows the page to an admin and refuses everyone else with a reason and no team', async () => {
    const query = { search: '', page: 1 };
    const page = await loadTeamPage(alice, query);
    expect(page.ok && page.value.team).toMatchObject({ name: 'Acme Growth', seats: 10, seatsUsed: 8 });
    expect(await loadTeamPage(null, query)).toEqual({ ok: false, code: 'no_team_session' });
    expect(await loadTeamPage(bob, query)).toEqual({ ok: false, code: 'not_team_admin' });
    expect(await loadTeamPage({ ...alice, teamId: '-404' }, query)).toEqual({ ok: false, code: 'team_not_found' });
    expect(await loadTeamPage({ platform: 'telegram', userId: '1001' }, query)).toEqual({
      ok: false,
      code: 'team_not_found',
    });
  });

  it('opens the pay page from the team page with the team plan and a larger size selected', async () => {
    const cookies = new Map([['quorum-team', { value: (await teamCookie(alice)).split('=')[1]! }]]);
    const subject = await payingSubject(cookies);
    expect(subject).toMatchObject({ userId: '1001', teamId: '-1002001' });
    const page = await loadPayView(subject, { plan: 'team_pro', seats: '20' }, new Date());
    expect(page.kind === 'form' && page.form.initial).toEqual({ plan: 'team_pro', seats: 20 });
    const notLarger = await loadPayView(subject, { plan: 'team_pro', seats: '5' }, new Date());
    expect(notLarger.kind === 'form' && notLarger.form.initial).toEqual({ plan: 'team_pro' });
    const nonsense = await loadPayView(subject, { plan: 'gold', seats: '20' }, new Date());
    expect(nonsense.kind === 'form' && nonsense.form.initial).toEqual({});
  });
});
