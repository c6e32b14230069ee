import 'server-only';
import type { PaymentGateway } from '@/lib/server/payments/gateway';
import { paypalOffer } from './offer';

/**
 * PayPal subscriptions (payments.md §3), registered on the seam but not offered yet: the PayPal
 * work (issue 10, its own branch) fills in begin ({paypal: {planId, quantity, customId}}), the
 * webhook verification, the subscription read and the sandbox. Until then the pay page shows it as
 * unavailable and checkout refuses it with gateway_unavailable.
 */
export const paypalGateway: PaymentGateway = {
  id: 'paypal',
  offer: paypalOffer,
  // A subscription is approved in PayPal's popup while the payer waits on our page.
  paymentWindowMs: 30 * 60_000,
  available: () => false,
  mode: () => null,
  begin: () => Promise.resolve({ ok: false, code: 'gateway_unavailable' }),
  verifyCallback: () => Promise.resolve({ ok: false, reason: 'bad_signature' }),
  // PayPal retries any non-2xx: 400 for what can never verify, 500 for our own failures.
  answer: (verdict) =>
    verdict.kind === 'rejected' ? { status: 400 } : verdict.kind === 'error' ? { status: 500 } : { status: 200 },
  returnOrderId: () => null,
  query: () => Promise.resolve({ state: 'unavailable', reason: 'PayPal is not implemented yet' }),
  sandbox: () => null,
};
