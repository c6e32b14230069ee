import 'server-only';
import type { CallbackVerdict, GatewayReply, PaymentGateway, VerifiedCallback } from '@/lib/server/payments/gateway';
import { authenticCallback, callbackEvent, cancelledByPayer, replies } from './callback';
import { vnpayConfig } from './config';
import { declineReason } from './decline';
import { vnpayOffer as offer } from './offer';
import { PAYMENT_WINDOW_MS, paymentUrl } from './payment-url';
import { queryOrder } from './querydr';
import { handleSandbox } from './sandbox';
import { REFUND_WINDOW_MS, refundPayment, refundsOf } from './refund';

/** VNPay payment API v2.1.0 (docs/payments.md#vnpay): a signed redirect, a GET IPN answered in JSON, querydr. */
export const vnpayGateway: PaymentGateway = {
  id: 'vnpay',
  offer,
  paymentWindowMs: PAYMENT_WINDOW_MS,
  available: () => vnpayConfig() !== null,
  mode: () => vnpayConfig()?.mode ?? null,

  begin(order) {
    const config = vnpayConfig();
    if (!config) return Promise.resolve({ ok: false, code: 'gateway_unavailable' });
    return Promise.resolve({ ok: true, start: { kind: 'redirect', redirectUrl: paymentUrl(order, config) } });
  },

  verifyCallback(input): Promise<VerifiedCallback> {
    const config = vnpayConfig();
    const fields = config && authenticCallback(input.url.searchParams, config);
    if (!fields) return Promise.resolve({ ok: false, reason: 'bad_signature' });
    const event = callbackEvent(fields);
    return Promise.resolve(event ? { ok: true, events: [event] } : { ok: false, reason: 'malformed' });
  },

  /** Always HTTP 200: VNPay reads the verdict from RspCode (00 and 02 end its retries). */
  answer(verdict: CallbackVerdict): GatewayReply {
    switch (verdict.kind) {
      case 'settled':
        return { status: 200, json: replies[verdict.outcome] };
      case 'ignored':
        return { status: 200, json: replies.already_confirmed };
      case 'rejected':
        return {
          status: 200,
          json:
            verdict.reason === 'bad_signature'
              ? { RspCode: '97', Message: 'Invalid signature' }
              : { RspCode: '01', Message: 'Order not found' },
        };
      case 'error':
        return { status: 200, json: { RspCode: '99', Message: 'Unknown error' } };
    }
  },

  returnOrderId(input) {
    const config = vnpayConfig();
    const fields = config && authenticCallback(input.url.searchParams, config);
    return fields?.vnp_TxnRef || null;
  },

  cancelledByPayer,
  declineReason,

  query: (order, now) => queryOrder(order, vnpayConfig(), now),

  refund: (call, now) => refundPayment(call, vnpayConfig(), now),
  refundsOf: (order, payment, now) => refundsOf(order, payment, vnpayConfig(), now),
  refundWindowMs: REFUND_WINDOW_MS,

  sandbox(request, deliver) {
    const config = vnpayConfig();
    if (config?.mode !== 'sandbox') return null;
    return handleSandbox(request, config, (query) =>
      deliver({ method: 'GET', url: new URL(`${config.returnUrl}?${query}`), headers: new Headers(), rawBody: '' }),
    );
  },
};
