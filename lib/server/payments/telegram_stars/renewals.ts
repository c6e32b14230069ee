import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { paidEventOf } from '@/lib/server/ledger/payment-events';
import { accountSubscriptions, setSubscriptionStatus, subscriptionOrders } from '@/lib/server/ledger/subscriptions';
import { log } from '@/lib/server/observability/log';
import { UnavailableError } from '@/lib/server/unavailable';
import type { GatewaySubscriptions } from '@/lib/server/payments/gateway';
import type { Renewal } from '@/lib/shared/renewals';
import { periods } from '@/lib/pricing/catalogue';
import { botApi } from './bot-api';
import { starsConfig } from './config';
import { starsOffer } from './offer';

const MAX_LISTED = 20;

/** When the latest paid period of a subscription ends (its next charge), from its payments' updates. */
async function nextCharge(subscriptionId: string): Promise<string | null> {
  const sql = await ledgerSql();
  const paid = (await subscriptionOrders(sql, subscriptionId)).filter((order) => order.status === 'paid');
  const latest = paid.at(-1);
  const event = latest ? await paidEventOf(sql, latest.id) : null;
  const end = event?.payload.subscription_expiration_date;
  return typeof end === 'number' ? new Date(end * 1000).toISOString() : null;
}

/**
 * Stars subscriptions as the payer sees and stops them on /pay. Telegram has no call that reads a
 * subscription: its state is the ledger's (active from its first payment, stopped by the payer
 * here), its next charge the end of its latest paid period.
 */
export const starsRenewals: GatewaySubscriptions = {
  async list(owner) {
    const sql = await ledgerSql();
    const bound = await accountSubscriptions(sql, owner, starsOffer.id, MAX_LISTED);
    return Promise.all(
      bound.map(async ({ subscription, order }): Promise<Renewal> => {
        const active = subscription.state === 'active';
        return {
          id: subscription.id,
          gateway: starsOffer.id,
          gatewayName: starsOffer.name,
          plan: order.plan,
          months: periods[order.period].months,
          seats: order.plan === 'team_pro' ? order.seats : null,
          amount: order.amount,
          currency: order.currency,
          status: active ? 'active' : 'stopped',
          nextBillingAt: active ? await nextCharge(subscription.id) : null,
        };
      }),
    );
  },

  /**
   * editUserStarSubscription(is_canceled = true) with the subscription's first payment: Telegram
   * charges no more, and the plan paid for runs to its end.
   */
  async stop(owner, id, now) {
    const sql = await ledgerSql();
    const mine = (await accountSubscriptions(sql, owner, starsOffer.id, MAX_LISTED)).find(
      ({ subscription }) => subscription.id === id,
    );
    const config = starsConfig();
    if (!mine || !config) return 'not_found';
    if (mine.subscription.state === 'stopped') return 'stopped';
    const first = await paidEventOf(sql, mine.order.id);
    if (!first) return 'not_found';
    const answer = await botApi(config).editUserStarSubscription(Number(owner.userId), first.transactionId, true);
    if (!answer.ok && answer.kind === 'unavailable') throw new UnavailableError(answer.reason);
    if (!answer.ok) {
      log().warn({ gateway: starsOffer.id, subscription: id, answer }, 'editUserStarSubscription refused');
      return 'not_found';
    }
    await setSubscriptionStatus(sql, id, { status: 'canceled', state: 'stopped' }, now);
    log().info({ gateway: starsOffer.id, subscription: id, order: mine.order.id }, 'renewal stopped by the payer');
    return 'stopped';
  },
};
