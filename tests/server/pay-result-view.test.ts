import { NextRequest } from 'next/server';
import { GET as payView } from '@/app/api/pay/view/route';
import { storeKinds, useTestStore } from '../support/stores';
import {
  alice,
  bob,
  gatewayRoutes,
  ipnRequest,
  pendingTeamOrder,
  sessionCookie,
  vnpayCallback,
  vnpayRoutes,
  sandbox,
} from '../support/money';
import { paymentUrl } from '@/lib/server/payments/vnpay/payment-url';
import { completeSandboxPayment } from '@/lib/server/payments/vnpay/sandbox';
import { momoIpnRequest, momoResultFields, momoReturnRequest } from '../support/momo';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';

const view = async (query: string, subject?: Parameters<typeof sessionCookie>[0]) =>
  (await payView(
    new NextRequest(`http://localhost/api/pay/view${query}`, {
      headers: subject ? { cookie: await sessionCookie(subject) } : {},
    }),
  ).then((response) => response.json())) as { kind: string; result: Record<string, unknown> };

/** The /pay?… address a gateway return 303s to. */
const returnedTo = (response: Response) => new URL(response.headers.get('location')!).search;

describe.each(storeKinds)('the result view on %s', (kind) => {
  useTestStore(kind);
  const momo = gatewayRoutes('momo');

  it('after a paid order, shows its buyer what was bought, the amount and the plan’s new expiry', async () => {
    const order = await pendingTeamOrder();
    await vnpayRoutes.ipn(ipnRequest(vnpayCallback(order)));
    await backgroundDeliveriesFinished();
    const body = await view(`?status=success&order=${order.id}`, alice);
    expect(body.result).toMatchObject({
      status: 'success',
      purchase: { plan: 'team_pro', months: 7, seats: 30, amount: 6_300_000, currency: 'VND' },
    });
    const expiresAt = new Date((body.result.purchase as { expiresAt: string }).expiresAt);
    // Seven calendar months from now, or from the team's current expiry: at least ~7 months ahead.
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 200 * 86_400_000);
  });

  it('back in another browser, shows what was bought without the account’s expiry, and the receipt through the chat', async () => {
    const order = await pendingTeamOrder();
    await vnpayRoutes.ipn(ipnRequest(vnpayCallback(order)));
    await backgroundDeliveriesFinished();
    for (const [other, signedIn] of [
      [bob, true],
      [undefined, false],
    ] as const) {
      const body = (await view(`?status=success&order=${order.id}`, other)) as Awaited<ReturnType<typeof view>> & {
        signedIn: boolean;
      };
      expect(body.result).toEqual({
        status: 'success',
        purchase: {
          orderId: order.id,
          plan: 'team_pro',
          months: 7,
          seats: 30,
          amount: 6_300_000,
          currency: 'VND',
          expiresAt: null,
          receipt: 'in_chat',
        },
      });
      expect(body.signedIn).toBe(signedIn);
    }
    const own = await view(`?status=success&order=${order.id}`, alice);
    expect(own.result.purchase).toMatchObject({ receipt: 'here', expiresAt: expect.any(String) });
  });

  it('a VNPay cancel (24) says cancelled on the return and on every reload, not failed1', async () => {
    const order = await pendingTeamOrder();
    const cancel = vnpayCallback(order, {
      vnp_ResponseCode: '24',
      vnp_TransactionStatus: '02',
      vnp_TransactionNo: '0',
    });
    await vnpayRoutes.ipn(ipnRequest(cancel));
    const back = await vnpayRoutes.return(new NextRequest(`http://localhost:3000/api/payments/vnpay/return?${cancel}`));
    expect(returnedTo(back)).toBe(`?status=cancelled&order=${order.id}`);
    for (let reload = 0; reload < 2; reload++)
      expect((await view(`?status=cancelled&order=${order.id}`, alice)).result).toEqual({ status: 'cancelled' });
  });

  it('a MoMo refusal by the user (1006) says cancelled; insufficient funds (1001) says declined with its reason, never failed1', async () => {
    const cancelled = await pendingTeamOrder({ gateway: 'momo', method: 'wallet' });
    const fields = momoResultFields(cancelled, { resultCode: 1006, message: 'Transaction denied by user.' });
    expect((await momo.ipn(momoIpnRequest(JSON.stringify(fields)))).status).toBe(204);
    expect(returnedTo(await momo.return(momoReturnRequest(fields)))).toBe(`?status=cancelled&order=${cancelled.id}`);
    expect((await view(`?status=cancelled&order=${cancelled.id}`, alice)).result).toEqual({ status: 'cancelled' });

    const declined = await pendingTeamOrder({ gateway: 'momo', method: 'wallet' });
    const refused = momoResultFields(declined, { resultCode: 1001, message: 'Insufficient funds.' });
    await momo.ipn(momoIpnRequest(JSON.stringify(refused)));
    expect(returnedTo(await momo.return(momoReturnRequest(refused)))).toBe(
      `?status=declined&reason=insufficient_funds&order=${declined.id}`,
    );
    expect((await view(`?status=declined&order=${declined.id}`, alice)).result).toEqual({
      status: 'declined',
      reason: 'insufficient_funds',
    });
  });

  it('a VNPay refusal names its reason on the return and on every reload, its "other error" (99) too; a code it cannot vouch for keeps failed1', async () => {
    const order = await pendingTeamOrder();
    const locked = vnpayCallback(order, { vnp_ResponseCode: '12', vnp_TransactionStatus: '02' });
    await vnpayRoutes.ipn(ipnRequest(locked));
    const back = await vnpayRoutes.return(new NextRequest(`http://localhost:3000/api/payments/vnpay/return?${locked}`));
    expect(returnedTo(back)).toBe(`?status=declined&reason=account_locked&order=${order.id}`);
    // The stored order decides, whatever the address says.
    for (const query of [`?status=declined&order=${order.id}`, `?status=success&reason=timed_out&order=${order.id}`])
      expect((await view(query, alice)).result).toEqual({ status: 'declined', reason: 'account_locked' });

    const error = await pendingTeamOrder();
    await vnpayRoutes.ipn(ipnRequest(vnpayCallback(error, { vnp_ResponseCode: '99', vnp_TransactionStatus: '02' })));
    expect((await view(`?status=failed&order=${error.id}`, alice)).result).toEqual({
      status: 'declined',
      reason: 'gateway_error',
    });

    const other = await pendingTeamOrder();
    await vnpayRoutes.ipn(ipnRequest(vnpayCallback(other, { vnp_ResponseCode: '42', vnp_TransactionStatus: '02' })));
    expect((await view(`?status=failed&order=${other.id}`, alice)).result).toEqual({
      status: 'failed',
      code: 'failed1',
    });
  });

  it('the VNPay sandbox’s decline choice sends VNPay’s own code, and the payer reads its reason', async () => {
    for (const [code, reason] of [
      ['13', 'authentication_failed'],
      ['65', 'limit_exceeded'],
      ['51', 'insufficient_funds'],
    ] as const) {
      const order = await pendingTeamOrder();
      const sent: string[] = [];
      const returnUrl = await completeSandboxPayment(
        new URL(paymentUrl(order, sandbox())).search.slice(1),
        'decline',
        sandbox(),
        async (query) => {
          sent.push(new URLSearchParams(query).get('vnp_ResponseCode')!);
          await vnpayRoutes.ipn(ipnRequest(new URLSearchParams(query)));
        },
        { decline: code },
      );
      expect(sent).toEqual([code]);
      const back = await vnpayRoutes.return(new NextRequest(returnUrl!));
      expect(returnedTo(back)).toBe(`?status=declined&reason=${reason}&order=${order.id}`);
    }
  });

  it('shows a decline reason from the address only when it is one of the closed set; any other value is dropped', async () => {
    expect((await view('?status=declined&reason=limit_exceeded', alice)).result).toEqual({
      status: 'declined',
      reason: 'limit_exceeded',
    });
    for (const reason of ['Your%20bank%20is%20closed', 'failed1', '%3Cb%3Ex%3C%2Fb%3E', 'constructor']) {
      const body = await view(`?status=declined&reason=${reason}`, alice);
      expect([reason, body.kind]).toEqual([reason, 'form']);
    }
  });
});
