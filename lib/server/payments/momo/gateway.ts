import 'server-only';
import type { GatewayReply, PaymentGateway, QueryResult } from '@/lib/server/payments/gateway';
import { createPayment, queryPayment } from './client';
import { momoConfig } from './config';
import { declineReason } from './decline';
import { momoOffer } from './offer';
import { authenticResult, cancelledByPayer, classify, resultEvent } from './result';
import { handleSandbox } from './sandbox';
import { REFUND_WINDOW_MS, refundPayment, refundsOf } from './refund';
import { log } from '@/lib/server/observability/log';

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * MoMo all-in-one gateway v2 (docs/payments.md#momo): a signed create call whose payUrl is the
 * redirect, a signed JSON IPN answered 204 once settled, a signed browser redirect, and query.
 */
export const momoGateway: PaymentGateway = {
  id: 'momo',
  offer: momoOffer,
  // MoMo's pay page does not document its own expiry; half an hour is ample to pay by wallet or card.
  paymentWindowMs: 30 * 60_000,
  available: () => momoConfig() !== null,
  mode: () => momoConfig()?.mode ?? null,

  async begin(order) {
    const config = momoConfig();
    if (!config) return { ok: false, code: 'gateway_unavailable' };
    const created = await createPayment(order, config);
    if (!created.ok) return { ok: false, code: created.failure === 'timeout' ? 'gateway_timeout' : 'gateway_error' };
    return { ok: true, start: { kind: 'redirect', redirectUrl: created.payUrl }, gatewayRef: created.requestId };
  },

  verifyCallback(input) {
    const config = momoConfig();
    if (!config || input.method !== 'POST') return Promise.resolve({ ok: false, reason: 'bad_signature' });
    const verified = authenticResult(parseJson(input.rawBody), config);
    if (!verified.ok) return Promise.resolve(verified);
    const event = resultEvent(verified.result);
    // A non-final code (processing, waiting for the payer) settles nothing: the order stays pending.
    return Promise.resolve({ ok: true, events: event ? [event] : [] });
  },

  /**
   * 204 once the result is durably stored — including an unknown order or a wrong amount, which
   * settlement logged or put under review (a retry would change nothing); 4xx for what is not
   * MoMo's; 500 so MoMo retries when our side failed.
   */
  answer(verdict): GatewayReply {
    switch (verdict.kind) {
      case 'settled':
        if (verdict.outcome === 'order_not_found' || verdict.outcome === 'foreign_order')
          log().error({ outcome: verdict.outcome }, 'momo: IPN for an unknown order');
        return { status: 204 };
      case 'ignored':
        return { status: 204 };
      case 'rejected':
        return { status: verdict.reason === 'bad_signature' ? 401 : 400, json: { error: verdict.reason } };
      case 'error':
        return { status: 500, json: { error: 'retry' } };
    }
  },

  returnOrderId(input) {
    const config = momoConfig();
    if (!config) return null;
    const verified = authenticResult(Object.fromEntries(input.url.searchParams), config);
    return verified.ok ? verified.result.orderId : null;
  },

  cancelledByPayer,
  declineReason,

  async query(order): Promise<QueryResult> {
    const config = momoConfig();
    if (!config) return { state: 'unavailable', reason: 'MoMo is not configured' };
    let answer;
    try {
      answer = await queryPayment(order.id, config);
    } catch (error) {
      return { state: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
    // 42: MoMo has no payment under this order id — the payer never reached MoMo.
    if (answer.resultCode === 42) return { state: 'not_found' };
    const kind = classify(answer.resultCode);
    if (kind === 'pending') {
      // 1000/7000/…: still with the payer or MoMo; 10–99 other than 42: MoMo could not answer now.
      if (answer.resultCode < 1000)
        return { state: 'unavailable', reason: `MoMo query resultCode ${answer.resultCode}` };
      // 1000: created, waiting for the payer to confirm; 7000/7002: MoMo is processing a payment.
      return { state: 'pending', awaitingPayer: answer.resultCode === 1000 };
    }
    return {
      state: 'final',
      event: {
        gateway: 'momo',
        transactionId: `${order.id}:${answer.transId ?? 0}`,
        orderId: order.id,
        amount: answer.amount ?? -1,
        currency: momoOffer.currency,
        result: kind,
        resultCode: String(answer.resultCode),
        payload: { source: 'query', ...answer },
      },
    };
  },

  refund: (call) => refundPayment(call, momoConfig()),
  refundsOf: (order, payment) => refundsOf(order, payment, momoConfig()),
  refundWindowMs: REFUND_WINDOW_MS,

  sandbox(request, deliver) {
    const config = momoConfig();
    if (config?.mode !== 'sandbox') return null;
    return handleSandbox(request, config, (body) =>
      deliver({
        method: 'POST',
        url: new URL(config.ipnUrl),
        headers: new Headers({ 'content-type': 'application/json' }),
        rawBody: body,
      }),
    );
  },
};
