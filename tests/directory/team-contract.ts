import type { AccountDirectory, TeamActor, TeamMember } from '@/lib/server/directory';

/**
 * The team page's rules, asserted only through the directory seam so they hold for
 * the embedded tables and the remote client alike. Demo data: Acme Growth (telegram, 10 seats,
 * 8 members, alice the only admin, ivan blocked), Orbit Labs (discord, 10 seats, admins minh and
 * tom, member sara), Northwind Ops (slack, expired, admin kenji); telegram user linh is in no team.
 */
export function teamDirectoryContract(directory: () => AccountDirectory): void {
  const alice: TeamActor = { platform: 'telegram', userId: '1001', teamId: '-1002001' };
  const bob: TeamActor = { platform: 'telegram', userId: '1002', teamId: '-1002001' };
  const ivan: TeamActor = { platform: 'telegram', userId: '1009', teamId: '-1002001' };
  const minh: TeamActor = { platform: 'discord', userId: 'D2001', teamId: '920001' };
  const kenji: TeamActor = { platform: 'slack', userId: 'U3001', teamId: 'T3001' };
  const now = () => new Date();
  const all = { search: '', page: 1, pageSize: 100 };

  async function members(actor: TeamActor, search = ''): Promise<TeamMember[]> {
    const page = await directory().teamMembers(actor, { ...all, search });
    if (!page.ok) throw new Error(`listing refused: ${page.reason}`);
    return page.value.members;
  }
  const member = async (actor: TeamActor, username: string) => {
    const found = (await members(actor)).find((m) => m.username === username);
    if (!found) throw new Error(`no member ${username}`);
    return found;
  };
  const seatsUsed = async (actor: TeamActor) => {
    const overview = await directory().teamOverview(actor);
    return overview.ok ? overview.value.seatsUsed : null;
  };

  describe('team page', () => {
    it("shows an admin the team's plan and seats; seats used is the pay page's member count", async () => {
      const overview = await directory().teamOverview(alice);
      expect(overview).toMatchObject({
        ok: true,
        value: { name: 'Acme Growth', plan: 'team_pro', seats: 10, seatsUsed: 8, teamId: '-1002001' },
      });
      expect(overview.ok && overview.value.planExpiresAt!.getTime()).toBeGreaterThan(Date.now());
      expect((await directory().payContext(alice))?.team?.memberCount).toBe(8);
    });

    it('refuses every team call to a member who is not an admin, a blocked member and a stranger', async () => {
      const carol = { platform: 'slack', userId: 'U1003', teamId: 'T3001' } as const;
      for (const actor of [bob, ivan, carol]) {
        expect(await directory().teamOverview(actor)).toEqual({ ok: false, reason: 'not_admin' });
        expect(await directory().teamMembers(actor, all)).toEqual({ ok: false, reason: 'not_admin' });
        expect(await directory().addTeamMember(actor, { platform: actor.platform, username: 'linh' }, now())).toEqual({
          ok: false,
          reason: 'not_admin',
        });
      }
      const bobsId = (await member(alice, 'bob')).memberId;
      expect(await directory().setMemberBlocked(bob, bobsId, true)).toEqual({ ok: false, reason: 'not_admin' });
      expect((await member(alice, 'bob')).status).toBe('active');
      expect(await seatsUsed(alice)).toBe(8);
    });

    it('answers no_team for a team that does not exist', async () => {
      expect(await directory().teamOverview({ ...alice, teamId: '-999' })).toEqual({ ok: false, reason: 'no_team' });
    });

    it("keeps teams apart: an admin of one team can neither read nor change another team's members", async () => {
      // minh is an admin, but of Orbit Labs: naming Acme's id in his session gives him nothing.
      expect(await directory().teamOverview({ ...minh, teamId: alice.teamId })).toMatchObject({ ok: false });
      expect(await directory().teamMembers({ ...alice, teamId: minh.teamId }, all)).toMatchObject({ ok: false });
      const sara = await member(minh, 'sara');
      expect(await directory().setMemberBlocked(alice, sara.memberId, true)).toEqual({
        ok: false,
        reason: 'member_not_found',
      });
      expect((await member(minh, 'sara')).status).toBe('active');
      expect((await members(alice)).map((m) => m.username)).not.toContain('sara');
    });

    it('pages members in join order and counts the total', async () => {
      const everyone = await members(alice);
      expect(everyone.map((m) => m.username)).toEqual([
        'alice',
        'bob',
        'dung',
        'emma',
        'farid',
        'giang',
        'hana',
        'ivan',
      ]);
      expect(everyone[0]).toMatchObject({ fullName: 'Alice Nguyen', role: 'admin', status: 'active', userId: '1001' });
      expect(everyone[7]).toMatchObject({ username: 'ivan', status: 'blocked', role: 'member' });
      const page3 = await directory().teamMembers(alice, { search: '', page: 3, pageSize: 3 });
      expect(page3.ok && page3.value.members.map((m) => m.username)).toEqual(['hana', 'ivan']);
      expect(page3.ok && page3.value.total).toBe(8);
      const past = await directory().teamMembers(alice, { search: '', page: 9, pageSize: 3 });
      expect(past).toMatchObject({ ok: true, value: { members: [], total: 8, page: 9 } });
    });

    it('searches names and usernames case-insensitively, with no wildcard characters', async () => {
      expect((await members(alice, 'TRAN')).map((m) => m.username)).toEqual(['bob']);
      expect((await members(alice, 'an')).map((m) => m.username)).toEqual(['bob', 'farid', 'giang', 'hana', 'ivan']);
      const page = await directory().teamMembers(alice, { search: 'an', page: 2, pageSize: 3 });
      expect(page).toMatchObject({ ok: true, value: { total: 5 } });
      expect(page.ok && page.value.members.map((m) => m.username)).toEqual(['hana', 'ivan']);
      expect(await members(alice, '%')).toEqual([]);
      expect(await members(alice, '_')).toEqual([]);
    });

    it('adds a username the assistant knows as active and one it has not met as invited', async () => {
      const known = await directory().addTeamMember(alice, { platform: 'telegram', username: 'Linh' }, now());
      expect(known).toMatchObject({
        ok: true,
        value: { username: 'linh', fullName: 'Linh Hoang', userId: '1010', status: 'active', role: 'member' },
      });
      const invited = await directory().addTeamMember(alice, { platform: 'telegram', username: 'new_person' }, now());
      expect(invited).toMatchObject({
        ok: true,
        value: { username: 'new_person', fullName: null, userId: null, status: 'invited', role: 'member' },
      });
      expect((await members(alice)).map((m) => m.username).slice(-2)).toEqual(['linh', 'new_person']);
      expect(await seatsUsed(alice)).toBe(10);
      expect((await directory().payContext(alice))?.team?.memberCount).toBe(10);
    });

    it('refuses a member who is already in the team, in any letter case', async () => {
      for (const username of ['bob', 'BOB', 'ivan']) {
        expect(await directory().addTeamMember(alice, { platform: 'telegram', username }, now())).toEqual({
          ok: false,
          reason: 'already_member',
        });
      }
      await directory().addTeamMember(alice, { platform: 'telegram', username: 'someone_new' }, now());
      expect(await directory().addTeamMember(alice, { platform: 'telegram', username: 'Someone_New' }, now())).toEqual({
        ok: false,
        reason: 'already_member',
      });
    });

    it('adds members only within the seats paid for: the eleventh member of a 10-seat team is refused', async () => {
      for (const username of ['first_extra', 'second_extra']) {
        expect(await directory().addTeamMember(alice, { platform: 'telegram', username }, now())).toMatchObject({
          ok: true,
        });
      }
      expect(await directory().addTeamMember(alice, { platform: 'telegram', username: 'linh' }, now())).toEqual({
        ok: false,
        reason: 'seats_full',
      });
      expect(await seatsUsed(alice)).toBe(10);
    });

    it('fills the last free seats once when adds race', async () => {
      const results = await Promise.all(
        ['r1', 'r2', 'r3', 'r4', 'r5'].map((name) =>
          directory().addTeamMember(alice, { platform: 'telegram', username: `racer_${name}` }, now()),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(2);
      expect(results.filter((r) => !r.ok && r.reason === 'seats_full')).toHaveLength(3);
      expect(await seatsUsed(alice)).toBe(10);
    });

    it('refuses a member from another platform and any addition to an expired team', async () => {
      expect(await directory().addTeamMember(alice, { platform: 'slack', username: 'linh' }, now())).toEqual({
        ok: false,
        reason: 'platform_mismatch',
      });
      expect(await directory().addTeamMember(kenji, { platform: 'slack', username: 'carol' }, now())).toEqual({
        ok: false,
        reason: 'team_inactive',
      });
      expect(await seatsUsed(kenji)).toBe(1);
    });

    it('blocks and unblocks a member; the seat stays taken, so unblocking never needs a free one', async () => {
      const bobsId = (await member(alice, 'bob')).memberId;
      expect(await directory().setMemberBlocked(alice, bobsId, true)).toMatchObject({
        ok: true,
        value: { username: 'bob', status: 'blocked' },
      });
      expect(await directory().setMemberBlocked(alice, bobsId, true)).toMatchObject({ value: { status: 'blocked' } });
      expect(await seatsUsed(alice)).toBe(8);
      await directory().addTeamMember(alice, { platform: 'telegram', username: 'fill_one' }, now());
      await directory().addTeamMember(alice, { platform: 'telegram', username: 'fill_two' }, now());
      expect(await directory().setMemberBlocked(alice, bobsId, false)).toMatchObject({
        ok: true,
        value: { status: 'active' },
      });
      const invited = await member(alice, 'fill_one');
      await directory().setMemberBlocked(alice, invited.memberId, true);
      expect(await directory().setMemberBlocked(alice, invited.memberId, false)).toMatchObject({
        value: { status: 'invited' },
      });
    });

    it('never blocks the last active admin (alice), and lets one of two admins block the other', async () => {
      const alicesId = (await member(alice, 'alice')).memberId;
      expect(await directory().setMemberBlocked(alice, alicesId, true)).toEqual({ ok: false, reason: 'last_admin' });
      expect((await member(alice, 'alice')).status).toBe('active');

      const tom = await member(minh, 'tom');
      expect(await directory().setMemberBlocked(minh, tom.memberId, true)).toMatchObject({ ok: true });
      // tom is blocked: his admin session is refused, and minh is now the last active admin.
      expect(await directory().teamOverview({ platform: 'discord', userId: 'D2003', teamId: '920001' })).toEqual({
        ok: false,
        reason: 'not_admin',
      });
      const minhsId = (await member(minh, 'minh')).memberId;
      expect(await directory().setMemberBlocked(minh, minhsId, true)).toEqual({ ok: false, reason: 'last_admin' });
    });

    it('answers member_not_found for an id that names no member', async () => {
      expect(await directory().setMemberBlocked(alice, 'no-such-member', true)).toEqual({
        ok: false,
        reason: 'member_not_found',
      });
    });
  });
}
