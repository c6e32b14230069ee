import { backgroundDeliveriesFinished } from '@/lib/server/payments/grant-delivery';
import { paymentHistory } from '@/lib/server/payments/history';
import { receiptFor } from '@/lib/server/payments/receipt';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, bob, ipnRequest, pendingTeamOrder, vnpayCallback, vnpayRoutes } from '../support/money';

const acme = { platform: 'telegram', teamId: '-1002001' } as const;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const pay = async (order: { id: string; amount: number }) => {
  await vnpayRoutes.ipn(ipnRequest(vnpayCallback(order)));
  await backgroundDeliveriesFinished();
};

describe.each(storeKinds)('a team’s payments on %s', (kind) => {
  useTestStore(kind);

  it('are the orders paid for the team, whoever paid, newest first — never a member’s own individual orders', async () => {
    const byAlice = await pendingTeamOrder({ now: minutesAgo(30) });
    const byBob = await pendingTeamOrder({ subject: bob, now: minutesAgo(20) });
    const individual = await pendingTeamOrder({
      subject: { platform: 'telegram', userId: alice.userId },
      plan: 'individual_pro',
      seats: null,
      months: 1,
      now: minutesAgo(10),
    });
    await pay(byAlice);
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

  it('have receipts for the team’s admins: any paid order for the team, none for another team’s or a member’s own', async () => {
    const teamOrder = await pendingTeamOrder({ subject: bob });
    const individual = await pendingTeamOrder({
      subject: { platform: 'telegram', userId: bob.userId },
      plan: 'individual_pro',
      seats: null,
      months: 1,
    });
    await pay(teamOrder);
    await pay(individual);
    expect(await receiptFor(acme, teamOrder.id)).toMatchObject({
      orderId: teamOrder.id,
      buyer: { username: 'bob', team: 'Acme Growth' },
    });
    expect(await receiptFor(acme, individual.id)).toBeNull();
    expect(await receiptFor({ platform: 'telegram', teamId: '-999' }, teamOrder.id)).toBeNull();
    expect(await receiptFor({ platform: 'slack', teamId: acme.teamId }, teamOrder.id)).toBeNull();
  });
});
