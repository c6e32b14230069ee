import 'server-only';
import type { PaymentGateway } from '@/lib/server/payments/gateway';
import { momoOffer } from './offer';

/** MoMo all-in-one v2 (payments.md §2). */
export const momoGateway: PaymentGateway = {
  id: 'momo',
  offer: momoOffer,
  paymentWindowMs: 30 * 60_000,
  available: () => false,
  mode: () => null,
  begin: () => Promise.resolve({ ok: false, code: 'gateway_unavailable' }),
  verifyCallback: () => Promise.resolve({ ok: false, reason: 'bad_signature' }),
  answer: (verdict) =>
    verdict.kind === 'rejected' ? { status: 400 } : verdict.kind === 'error' ? { status: 500 } : { status: 204 },
  returnOrderId: () => null,
  query: () => Promise.resolve({ state: 'unavailable', reason: 'MoMo is not implemented yet' }),
  sandbox: () => null,
};
