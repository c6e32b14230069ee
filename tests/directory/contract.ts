import type { AccountDirectory, PlanGrant, PlanRevocation, QueryGrant, QueryRevocation } from '@/lib/server/directory';
import { addMonths } from '@/lib/pricing/plan-state';

/**
 * The account directory's contract (lib/server/directory/types.ts), asserted only through the
 * seam, so the same cases hold for the embedded tables and for the remote client talking to the
 * reference backend. `directory()` must give a directory over freshly seeded demo data.
 */
export function directoryContract(directory: () => AccountDirectory): void {
  const alice = { platform: 'telegram', userId: '1001', teamId: '-1002001' } as const;
  const bob = { platform: 'telegram', userId: '1002', teamId: '-1002001' } as const;
  const carol = { platform: 'slack', userId: 'U1003' } as const;
  let n = 0;
  const grant = (overrides: Partial<PlanGrant> = {}): PlanGrant => ({
    orderId: `contract-${Date.now()}-${(n += 1)}`,
    platform: 'telegram',
    userId: '1001',
    teamId: '-1002001',
    plan: 'team_pro',
    months: 7,
    seats: 25,
    paidAt: new Date(),
    ...overrides,
  });

  it('gives the pay context of the demo accounts: account, and the team only when the user belongs to it', async () => {
    const context = await directory().payContext(bob);
    expect(context?.account).toMatchObject({ username: 'bob', fullName: 'Bob Tran', plan: 'individual_pro' });
    expect(context?.account.planExpiresAt).toBeInstanceOf(Date);
    expect(context?.team).toMatchObject({ name: 'Acme Growth', plan: 'team_pro', seats: 10, memberCount: 8 });
    expect((await directory().payContext(carol))?.team).toBeNull();
    expect((await directory().payContext({ ...carol, teamId: '-1002001' }))?.team).toBeNull();
  });

  it('gives the account’s role and status in the team, and names the team’s active admins in join order', async () => {
    const acmeAdmins = [{ username: 'alice', fullName: 'Alice Nguyen' }];
    expect((await directory().payContext(alice))?.team).toMatchObject({
      membership: { role: 'admin', status: 'active' },
      admins: acmeAdmins,
    });
    expect((await directory().payContext(bob))?.team).toMatchObject({
      membership: { role: 'member', status: 'active' },
      admins: acmeAdmins,
    });
    const blocked = { platform: 'telegram', userId: '1009', teamId: '-1002001' } as const;
    expect((await directory().payContext(blocked))?.team?.membership).toEqual({ role: 'member', status: 'blocked' });
    const orbitMember = { platform: 'discord', userId: 'D2002', teamId: '920001' } as const;
    // Orbit's two admins joined at the same moment: either order is join order.
    const orbitAdmins = (await directory().payContext(orbitMember))?.team?.admins;
    expect(orbitAdmins).toHaveLength(2);
    expect(orbitAdmins).toEqual(
      expect.arrayContaining([
        { username: 'minh', fullName: 'Minh Do' },
        { username: 'tom', fullName: 'Tom Becker' },
      ]),
    );
    // A blocked admin keeps the role but no longer counts as one who may pay.
    const minh = { platform: 'discord', userId: 'D2001', teamId: '920001' } as const;
    const tom = (await directory().teamMembers(minh, { search: 'tom', page: 1, pageSize: 25 })) as {
      ok: true;
      value: { members: Array<{ memberId: string }> };
    };
    await directory().setMemberBlocked(minh, tom.value.members[0]!.memberId, true);
    expect((await directory().payContext(orbitMember))?.team?.admins).toEqual([
      { username: 'minh', fullName: 'Minh Do' },
    ]);
    expect((await directory().payContext({ ...orbitMember, userId: 'D2003' }))?.team?.membership).toEqual({
      role: 'admin',
      status: 'blocked',
    });
  });

  it('answers null for an account that does not exist', async () => {
    expect(await directory().payContext({ platform: 'discord', userId: 'nobody' })).toBeNull();
  });

  it('cancels only an active individual plan', async () => {
    expect(await directory().cancelIndividualPlan(alice, new Date())).toBe('not_active');
    expect(await directory().cancelIndividualPlan(bob, new Date())).toBe('cancelled');
    expect((await directory().payContext(bob))?.account).toMatchObject({ plan: 'free', planExpiresAt: null });
    expect(await directory().cancelIndividualPlan({ platform: 'discord', userId: 'nobody' }, new Date())).toBe(
      'not_found',
    );
  });

  it('accepts an order for a known account and refuses one for an unknown account', async () => {
    const notice = {
      orderId: 'a'.repeat(32),
      platform: 'telegram' as const,
      userId: '1001',
      teamId: '-1002001',
      plan: 'team_pro' as const,
      period: 'period1',
      seats: 25,
      quantity: null,
      gateway: 'vnpay',
      currency: 'VND',
      amount: 6_300_000,
      createdAt: new Date(),
    };
    expect(await directory().registerOrder(notice)).toBe('accepted');
    expect(await directory().registerOrder(notice)).toBe('accepted');
    expect(await directory().registerOrder({ ...notice, orderId: 'b'.repeat(32), userId: 'nobody' })).toBe('refused');
  });

  it('applies a team grant once, with every seat of its blocks: the same order delivered twice moves the plan once', async () => {
    const before = (await directory().payContext(alice))!.team!;
    const paid = grant();
    const first = await directory().applyGrant(paid);
    // The grant names 25 seats (an order stored before whole blocks): its 3 blocks are 30 seats.
    expect(first).toMatchObject({ status: 'applied', plan: 'team_pro', seats: 30 });
    const expected = addMonths(before.planExpiresAt!, 7).toISOString();
    expect(first.status !== 'not_found' && first.expiresAt?.toISOString()).toBe(expected);
    expect(await directory().applyGrant(paid)).toMatchObject({ status: 'already_applied', seats: 30 });
    const after = (await directory().payContext(alice))!.team!;
    expect(after.planExpiresAt?.toISOString()).toBe(expected);
    expect(after.seats).toBe(30);
  });

  it('applies concurrent deliveries of one grant once', async () => {
    const paid = grant({ plan: 'individual_pro', teamId: null, seats: null, months: 1 });
    const results = await Promise.all(Array.from({ length: 8 }, () => directory().applyGrant(paid)));
    expect(results.filter((r) => r.status === 'applied')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'already_applied')).toHaveLength(7);
  });

  it('applies a period3 grant by raising the seats and keeping the expiry', async () => {
    const before = (await directory().payContext(alice))!.team!;
    await directory().applyGrant(grant({ months: 0, seats: 20 }));
    const after = (await directory().payContext(alice))!.team!;
    expect(after.seats).toBe(20);
    expect(after.planExpiresAt?.toISOString()).toBe(before.planExpiresAt?.toISOString());
  });

  const packGrant = (queries: number, expiresAt: Date): QueryGrant => ({
    orderId: `contract-pack-${Date.now()}-${(n += 1)}`,
    platform: carol.platform,
    userId: carol.userId,
    teamId: null,
    plan: 'query_pack',
    queries,
    expiresAt,
    paidAt: new Date(),
  });
  /** Carol's unused extra queries that expire at `expiresAt` (each test uses its own expiry). */
  const extraQueriesUntil = async (expiresAt: Date) =>
    ((await directory().payContext(carol))!.account.extraQueries ?? [])
      .filter((entry) => new Date(entry.expiresAt).getTime() === expiresAt.getTime())
      .reduce((sum, entry) => sum + entry.remaining, 0);

  it('adds a paid pack’s queries to the account once, however many deliveries arrive at once', async () => {
    const expiresAt = new Date(Date.now() + 300 * 86_400_000 + (n += 1) * 1_000);
    const paid = packGrant(200, expiresAt);
    const results = await Promise.all(Array.from({ length: 6 }, () => directory().applyGrant(paid)));
    expect(results.filter((r) => r.status === 'applied')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'already_applied')).toHaveLength(5);
    expect(await extraQueriesUntil(expiresAt)).toBe(200);
    // Packs change no plan: the account keeps the one it has.
    expect((await directory().payContext(carol))!.account.plan).toBe('free');
  });

  it('shows no expired pack in the account’s extra queries', async () => {
    const expired = new Date(Date.now() - 1_000);
    await directory().applyGrant(packGrant(100, expired));
    const entries = (await directory().payContext(carol))!.account.extraQueries ?? [];
    expect(entries.every((entry) => new Date(entry.expiresAt).getTime() > Date.now())).toBe(true);
  });

  it('takes a pack refund’s queries back once, and never more than are left unused', async () => {
    const expiresAt = new Date(Date.now() + 200 * 86_400_000 + (n += 1) * 1_000);
    const paid = packGrant(200, expiresAt);
    await directory().applyGrant(paid);
    const refund = (refundId: string, queries: number): QueryRevocation => ({
      refundId,
      orderId: paid.orderId,
      platform: paid.platform,
      userId: paid.userId,
      teamId: null,
      plan: 'query_pack',
      queries,
      refundedAt: new Date(),
    });
    const first = refund(`refund-a-${paid.orderId}`, 150);
    const results = await Promise.all(Array.from({ length: 4 }, () => directory().applyRevocation(first)));
    expect(results.filter((r) => r.status === 'applied')).toHaveLength(1);
    expect(await extraQueriesUntil(expiresAt)).toBe(50);
    // A second refund asks for more than is left: only what is left goes.
    expect(await directory().applyRevocation(refund(`refund-b-${paid.orderId}`, 100))).toMatchObject({
      status: 'applied',
    });
    expect(await extraQueriesUntil(expiresAt)).toBe(0);
  });

  it('answers not_found for packs granted to an account it does not know', async () => {
    const grant = { ...packGrant(100, new Date(Date.now() + 86_400_000)), userId: 'nobody' };
    expect(await directory().applyGrant(grant)).toEqual({ status: 'not_found' });
  });

  it('answers not_found for a grant to an account or team it does not know', async () => {
    expect(await directory().applyGrant(grant({ teamId: '-999' }))).toEqual({ status: 'not_found' });
  });

  it('takes a refund’s days off the plan once, never before the refund’s moment, and keeps only the seats still paid for', async () => {
    const before = (await directory().payContext(alice))!.team!;
    const paid = grant({ months: 7, seats: 30 });
    await directory().applyGrant(paid);
    const refundedAt = new Date();
    const revocation: PlanRevocation = {
      refundId: `refund-${paid.orderId}`,
      orderId: paid.orderId,
      platform: paid.platform,
      userId: paid.userId,
      teamId: paid.teamId,
      plan: paid.plan,
      days: 10,
      seats: 10,
      refundedAt,
    };
    const first = await directory().applyRevocation(revocation);
    const granted = addMonths(before.planExpiresAt!, 7);
    const expected = new Date(granted.getTime() - 10 * 86_400_000).toISOString();
    expect(first).toMatchObject({ status: 'applied', plan: 'team_pro', seats: 10 });
    expect(first.status !== 'not_found' && first.expiresAt?.toISOString()).toBe(expected);
    // Delivered again, or concurrently: nothing more comes off.
    const again = await Promise.all(Array.from({ length: 4 }, () => directory().applyRevocation(revocation)));
    expect(again.map((r) => r.status)).toEqual([
      'already_applied',
      'already_applied',
      'already_applied',
      'already_applied',
    ]);
    expect((await directory().payContext(alice))!.team!.planExpiresAt?.toISOString()).toBe(expected);
    // A refund of more days than are left ends the plan at the refund, not in the past.
    await directory().applyRevocation({
      ...revocation,
      refundId: `${revocation.refundId}-all`,
      days: 400,
      seats: null,
    });
    const ended = (await directory().payContext(alice))!.team!;
    expect(ended.planExpiresAt?.getTime()).toBe(refundedAt.getTime());
    expect(ended.seats).toBe(10);
  });

  it('answers not_found for a revocation on an account or team it does not know', async () => {
    const revocation = {
      refundId: `refund-unknown-${Date.now()}`,
      orderId: 'c'.repeat(32),
      platform: 'telegram' as const,
      userId: '1001',
      teamId: '-999',
      plan: 'team_pro' as const,
      days: 1,
      seats: null,
      refundedAt: new Date(),
    };
    expect(await directory().applyRevocation(revocation)).toEqual({ status: 'not_found' });
  });

  it('answers ping while it is up', async () => {
    await expect(directory().ping()).resolves.toBeUndefined();
  });
}
