import 'server-only';
import type { DeliverCallback, PaymentGateway } from '@/lib/server/payments/gateway';
import { receiveCallback } from '@/lib/server/payments/callbacks';
import { ledgerSql } from '@/lib/server/db';
import { claimOverdueSubscriptions } from '@/lib/server/ledger/subscriptions';
import { periods } from '@/lib/pricing/catalogue';
import type { StarsClientOptions } from '@/lib/shared/telegram_stars-invoice';
import { installSandboxTransport, starsConfig } from './config';
import { beginStars } from './invoice';
import { starsOffer } from './offer';
import { PAYMENT_WINDOW_MS } from './precheckout';
import { REFUND_WINDOW_MS, refundStars } from './refund';
import { starsRenewals } from './renewals';
import { queryStars, refundsOfStars } from './transactions';
import { handleStarsUpdate } from './webhook';

/** Telegram charges a renewal on the day its period ends: ask a day later whether an update was lost. */
const RENEWAL_GRACE_MS = 24 * 3_600_000;
const RECHECK_MS = 6 * 3_600_000;

/**
 * Telegram Stars (docs/payments.md#telegram-stars) on the gateway seam: offered only inside the
 * Telegram Mini App. Checkout begins with an invoice link (createInvoiceLink) the Mini App opens in
 * Telegram's payment sheet; the bot's webhook — the generic callback route,
 * POST /api/payments/telegram_stars/ipn — answers the pre-checkout query from the ledger and settles
 * each successful_payment and refunded_payment (./webhook.ts). Refunds, stopping a renewal and
 * reconciliation are Bot API calls (./bot-api.ts).
 */
export const starsGateway: PaymentGateway = {
  id: starsOffer.id,
  offer: starsOffer,
  paymentWindowMs: PAYMENT_WINDOW_MS,
  available: () => starsConfig() !== null,
  // Public facts the Mini App's component says before paying: a month renews every 30 days.
  clientOptions: (): StarsClientOptions | null =>
    starsConfig()
      ? {
          everyDays: starsOffer.subscription.everyDays,
          renewingMonths: starsOffer.subscription.periods.map((period) => periods[period].months),
        }
      : null,
  mode: () => starsConfig()?.mode ?? null,

  begin(order) {
    const config = starsConfig();
    if (!config) return Promise.resolve({ ok: false, code: 'gateway_unavailable' });
    return beginStars(order, config);
  },

  handleCallback: (input) => handleStarsUpdate(input),
  tooLarge: { status: 413, json: { outcome: 'too_large' }, outcome: 'too_large' },

  subscriptions: starsRenewals,

  query(order, now) {
    const config = starsConfig();
    if (!config) return Promise.resolve({ state: 'unavailable', reason: 'Telegram Stars is not configured' });
    return queryStars(order, config, now);
  },

  /** Running subscriptions whose renewal should have been paid: its update may have been lost. */
  async overdue(now, limit) {
    return claimOverdueSubscriptions(await ledgerSql(), {
      gateway: starsOffer.id,
      now,
      paidThroughBefore: new Date(now.getTime() - RENEWAL_GRACE_MS),
      checkedBefore: new Date(now.getTime() - RECHECK_MS),
      limit,
    });
  },

  refund: (call) => refundStars(call),
  refundsWhole: true,
  refundsOf(_order, payment) {
    const config = starsConfig();
    if (!config) return Promise.resolve({ state: 'unavailable', reason: 'Telegram Stars is not configured' });
    return refundsOfStars(payment, config);
  },
  refundWindowMs: REFUND_WINDOW_MS,

  // The stand-in Bot API and payment sheet, loaded only when a sandbox configuration first uses them.
  sandbox(request, deliver) {
    if (starsConfig()?.mode !== 'sandbox') return null;
    return import('./sandbox/handler').then(({ handleStarsSandbox }) => handleStarsSandbox(request, deliver));
  },
};

/** The updates the stand-in sends when the site itself calls it (a refund): the callback path. */
const deliverToSite: DeliverCallback = (input) => receiveCallback(starsGateway, input);

installSandboxTransport(async (url, init) =>
  (await import('./sandbox/bot-api')).standInTransport(url, init, deliverToSite),
);
