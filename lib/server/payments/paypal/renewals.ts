import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { accountSubscriptions, setSubscriptionStatus } from '@/lib/server/ledger/subscriptions';
import { log } from '@/lib/server/observability/log';
import type { Renewal, RenewalStatus } from '@/lib/shared/renewals';
import { periods } from '@/lib/pricing/catalogue';
import type { GatewaySubscriptions } from '@/lib/server/payments/gateway';
import { DISPLAY_READ_MS, paypalClient, type PaypalSubscription } from './client';
import { paypalConfig } from './config';
import { paypalOffer } from './offer';
import { statusAndState } from './subscription';

/** How long a subscription read from PayPal is shown again without asking: a page reload, not a day. */
const CACHE_MS = 60_000;
const MAX_LISTED = 20;

const cacheSlot = Symbol.for('quorum.paypalSubscriptionReads');
type CacheSlot = { [cacheSlot]?: Map<string, { at: number; value: PaypalSubscription | null }> };
const cache = () => ((globalThis as CacheSlot)[cacheSlot] ??= new Map());

/**
 * PayPal's record, or null when it cannot say within the display budget: the pay page must open,
 * promptly, while PayPal is down or slow.
 */
async function readSubscription(id: string, now: Date): Promise<PaypalSubscription | null> {
  const hit = cache().get(id);
  if (hit && now.getTime() - hit.at < CACHE_MS) return hit.value;
  const config = paypalConfig();
  if (!config) return null;
  try {
    const value = await paypalClient(config).getSubscription(id, { budgetMs: DISPLAY_READ_MS });
    cache().set(id, { at: now.getTime(), value });
    return value;
  } catch (error) {
    log().warn({ err: error, subscription: id }, 'renewals: PayPal could not be read; showing what the ledger knows');
    return null;
  }
}

const statusOf = (status: string): RenewalStatus =>
  status === 'ACTIVE' ? 'active' : status === 'SUSPENDED' ? 'suspended' : 'stopped';

/**
 * PayPal subscriptions as the payer manages them on /pay: the state and next charge come from
 * PayPal (cached briefly), the plan and price from the order that started the subscription.
 */
export const paypalRenewals: GatewaySubscriptions = {
  async list(owner, now) {
    const sql = await ledgerSql();
    const bound = await accountSubscriptions(sql, owner, paypalOffer.id, MAX_LISTED);
    return Promise.all(
      bound.map(async ({ subscription, order }): Promise<Renewal> => {
        // A subscription we know stopped stays stopped: no need to ask PayPal again.
        const live = subscription.status === 'CANCELLED' ? null : await readSubscription(subscription.id, now);
        if (live && live.status !== subscription.status) {
          // PayPal moved on without telling us yet (a cancel that completed after our timeout, a
          // webhook still in flight): the ledger learns it now, as the webhook would teach it.
          await setSubscriptionStatus(sql, subscription.id, statusAndState(live.status), now);
        }
        const status = statusOf(live?.status ?? subscription.status);
        return {
          id: subscription.id,
          gateway: paypalOffer.id,
          gatewayName: paypalOffer.name,
          plan: order.plan,
          months: periods[order.period].months,
          seats: order.plan === 'team_pro' ? order.seats : null,
          amount: order.amount,
          currency: order.currency,
          status,
          nextBillingAt: status === 'active' ? (live?.billing_info?.next_billing_time ?? null) : null,
        };
      }),
    );
  },

  async stop(owner, id, now) {
    const sql = await ledgerSql();
    const mine = (await accountSubscriptions(sql, owner, paypalOffer.id, MAX_LISTED)).find(
      ({ subscription }) => subscription.id === id,
    );
    if (!mine) return 'not_found';
    const config = paypalConfig();
    if (!config) return 'not_found';
    if (mine.subscription.status !== 'CANCELLED') {
      // Whatever the answer — none at all included — the next view asks PayPal afresh: a cancel
      // PayPal completed after our timeout then reads as done, not as a renewal still running.
      cache().delete(id);
      const cancelled = await paypalClient(config).cancelSubscription(id, 'Stopped by the payer on the pay page');
      if (!cancelled) return 'not_found';
      // PayPal's BILLING.SUBSCRIPTION.CANCELLED webhook says the same; whichever comes second changes nothing.
      await setSubscriptionStatus(sql, id, statusAndState('CANCELLED'), now);
      log().info({ gateway: paypalOffer.id, subscription: id, order: mine.order.id }, 'renewal stopped by the payer');
    }
    cache().delete(id);
    return 'stopped';
  },
};
