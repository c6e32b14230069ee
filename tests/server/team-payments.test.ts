import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { paymentHistory } from '@/lib/server/pay/history';
import { receiptFor } from '@/lib/server/pay/receipt';
import { teamPayments } from '@/lib/server/team/team-payments';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, bob, ipnRequest, pendingTeamOrder, vnpayCallback, vnpayRoutes } from '../support/money';

const acme = { platform: 'telegram', teamId: '-1002001' } as const;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const settle = async (order: { id: string; amount: number }, codes: Record<string, string> = {}) => {
  await vnpayRoutes.ipn(ipnRequest(vnpayCallback(order, codes)));
  await backgroundDeliveriesFinished();
};
const pay = (order: { id: string; amount: number }) => settle(order);
/** Bob's own Individual Pro, bought from the team's chat: the order carries the team's id. */
const bobsOwnPlan = (now = new Date()) =>
  pendingTeamOrder({ subject: bob, plan: 'individual_pro', seats: null, months: 1, amount: 49_000, now });

describe.each(storeKinds)('a team’s payments on %s', (kind) => {
  useTestStore(kind);

  it('are the Team Pro orders for the team, newest first — never a member’s own orders from the team’s chat', async () => {
    const byAlice = await pendingTeamOrder({ now: minutesAgo(30) });
    const byBob = await pendingTeamOrder({ subject: bob, now: minutesAgo(20) });
    const individual = await bobsOwnPlan(minutesAgo(10));
    await pay(byAlice);
    await pay(individual);
    const history = await paymentHistory(acme, 1);
    expect(history.payments.map((p) => [p.orderId, p.status])).toEqual([
      [byBob.id, 'processing'],
      [byAlice.id, 'paid'],
    ]);
    expect(history.payments.map((p) => p.orderId)).not.toContain(individual.id);
    expect(await paymentHistory({ platform: 'telegram', teamId: '-999' }, 1)).toEqual({
      payments: [],
      page: 1,
      hasOlder: false,
    });
  });

  it('list what moved or may have moved the team’s money — paid, processing, under review — and no failed or cancelled attempt', async () => {
    const paid = await pendingTeamOrder({ now: minutesAgo(50) });
    const held = await pendingTeamOrder({ now: minutesAgo(40) });
    const declined = await pendingTeamOrder({ now: minutesAgo(30) });
    const cancelled = await pendingTeamOrder({ now: minutesAgo(20) });
    const processing = await pendingTeamOrder({ now: minutesAgo(10) });
    await pay(paid);
    await settle(held, { vnp_ResponseCode: '07', vnp_TransactionStatus: '07' });
    await settle(declined, { vnp_ResponseCode: '51', vnp_TransactionStatus: '02' });
    await settle(cancelled, { vnp_ResponseCode: '24', vnp_TransactionStatus: '02' });
    // The same attempts are still the payer's own history.
    const own = await paymentHistory({ platform: 'telegram', userId: alice.userId }, 1);
    expect(own.payments.map((p) => p.status)).toEqual(['processing', 'cancelled', 'failed', 'under_review', 'paid']);

    const team = await paymentHistory(acme, 1);
    expect(team.payments.map((p) => [p.orderId, p.status])).toEqual([
      [processing.id, 'processing'],
      [held.id, 'under_review'],
      [paid.id, 'paid'],
    ]);
  });

  it('name who paid each order from the team’s member list, and a payer no longer in the team as a former member', async () => {
    const byAlice = await pendingTeamOrder({ now: minutesAgo(30) });
    const byBob = await pendingTeamOrder({ subject: bob, now: minutesAgo(20) });
    // linh (1010) is known to the assistant but in no team: someone who has left it.
    const byLinh = await pendingTeamOrder({ subject: { ...alice, userId: '1010' }, now: minutesAgo(10) });
    await bobsOwnPlan();
    const page = await teamPayments({ ...acme, userId: alice.userId }, 1);
    expect(page.payments.map((p) => [p.orderId, p.payer])).toEqual([
      [byLinh.id, { formerMemberId: '1010' }],
      [byBob.id, { name: 'Bob Tran' }],
      [byAlice.id, { name: 'Alice Nguyen' }],
    ]);
    expect(page.payments.some((p) => 'payerId' in p)).toBe(false);
  });

  it('name no payer to someone who is not an admin of the team', async () => {
    await pendingTeamOrder({ subject: bob });
    const page = await teamPayments({ ...acme, userId: bob.userId }, 1);
    expect(page.payments.map((p) => p.payer)).toEqual([{ formerMemberId: bob.userId }]);
  });

  it('have receipts for the team’s admins: any paid Team Pro order for the team, and for a member’s own order the same nothing as for an unknown id', async () => {
    const teamOrder = await pendingTeamOrder({ subject: bob });
    const individual = await bobsOwnPlan();
    const unpaid = await pendingTeamOrder();
    await pay(teamOrder);
    await pay(individual);
    expect(await receiptFor(acme, teamOrder.id)).toMatchObject({
      orderId: teamOrder.id,
      buyer: { username: 'bob', team: 'Acme Growth' },
    });
    for (const id of [individual.id, unpaid.id, 'f'.repeat(32), individual.id.toUpperCase()]) {
      expect(await receiptFor(acme, id)).toBeNull();
    }
    // Bob himself still has his receipt on /pay.
    expect(await receiptFor({ platform: 'telegram', userId: bob.userId }, individual.id)).toMatchObject({
      orderId: individual.id,
    });
    expect(await receiptFor({ platform: 'telegram', teamId: '-999' }, teamOrder.id)).toBeNull();
    expect(await receiptFor({ platform: 'slack', teamId: acme.teamId }, teamOrder.id)).toBeNull();
  });
});
