import 'server-only';
import type { Subject } from '@/lib/server/directory';
import type { Sql } from '@/lib/server/db';
import { pendingOrdersOf, planOwner, renewingSubscriptionsOf, type PlanOwner } from '@/lib/server/ledger/standing';
import type { Order } from '@/lib/server/ledger/types';
import { allGateways, findGateway, gatewayName } from '@/lib/server/payments/registry';
import type { PaymentGateway } from '@/lib/server/payments/gateway';
import { askGateway } from '@/lib/server/payments/ask-gateway';
import { grantDeliveryFinished, waitAtMost } from '@/lib/server/payments/outbox-delivery';
import {
  standingFor,
  type AccountStanding,
  type PendingPayment,
  type RunningRenewal,
} from '@/lib/shared/pending-payment';

/*
 * The account as one truth: before a new payment for a plan is recorded, what is already under way
 * for that plan's owner (docs/payments.md#one-need-one-payment). A payment still waiting for its
 * gateway's word is shown and blocks a second one unless the payer chooses to pay again; while a
 * gateway subscription still renews the plan, no gateway that renews by itself starts another.
 */

const longestWindowMs = () => Math.max(...allGateways.map((gateway) => gateway.paymentWindowMs));

/**
 * Pending orders whose gateway may still take (or have taken) the money: within its gateway's
 * payment window, and not known by the gateway to have taken nothing. (An order its gateway never
 * began is failed at once by checkout, so it blocks nothing.)
 */
async function awaitingGateway(sql: Sql, owner: PlanOwner, now: Date): Promise<Order[]> {
  const since = new Date(now.getTime() - longestWindowMs());
  const orders = await pendingOrdersOf(sql, owner, since);
  return orders.filter((order) => {
    const gateway = findGateway(order.gateway);
    if (!gateway) return false;
    const open = now.getTime() - order.createdAt.getTime() < gateway.paymentWindowMs;
    return open && (gateway.mayHaveCharged?.(order) ?? true);
  });
}

/** How long the pay page waits for the gateways' answers about the account's open attempts. */
const RECHECK_BUDGET_MS = 1_500;

/**
 * The payer is on the pay page: each of their attempts still awaiting its gateway is asked about at
 * once (docs/payments.md#back-from-the-gateway-without-paying). One they left unpaid (Back, a closed
 * tab) is closed instead of blocking them for the gateway's whole payment window; one paid meanwhile
 * (its callback lost) is settled; one the gateway may still be taking money for stays, and the form
 * shows it. Waits at most RECHECK_BUDGET_MS: an answer that comes later still settles, for the next view.
 */
export async function recheckOpenAttempts(sql: Sql, subject: Subject, now: Date): Promise<void> {
  const owners = ownersOf(subject);
  const open = (await Promise.all(owners.map((owner) => awaitingGateway(sql, owner, now)))).flat();
  if (open.length === 0) return;
  const asked = Promise.allSettled(
    open.map(async (order) => {
      const answer = await askGateway(findGateway(order.gateway)!, order, now, { payerIsBack: true });
      // Paid meanwhile: the page about to be drawn should show the plan it bought.
      if (answer.kind === 'settled' && answer.outcome === 'paid') await grantDeliveryFinished(order.id);
    }),
  );
  await waitAtMost(asked, RECHECK_BUDGET_MS);
}

const ownersOf = (subject: Subject) =>
  (['individual_pro', 'team_pro', 'query_pack'] as const)
    .map((plan) => planOwner(subject, plan))
    .filter((owner): owner is PlanOwner => owner !== null);

const asPending = (order: Order): PendingPayment => ({
  orderId: order.id,
  plan: order.plan,
  gatewayName: gatewayName(order.gateway),
  amount: order.amount,
  currency: order.currency,
  startedAt: order.createdAt.toISOString(),
});

/** What the owners have under way: payments being confirmed (newest first) and live renewals (oldest first). */
async function standingOf(sql: Sql, owners: readonly PlanOwner[], now: Date): Promise<AccountStanding> {
  const [pending, renewing] = await Promise.all([
    Promise.all(owners.map((owner) => awaitingGateway(sql, owner, now))),
    Promise.all(
      owners.map(async (owner) =>
        (await renewingSubscriptionsOf(sql, owner)).map((s): RunningRenewal => ({
          ...s,
          gatewayName: gatewayName(s.gateway),
        })),
      ),
    ),
  ]);
  return { pending: pending.flat().map(asPending), renewing: renewing.flat() };
}

/** What the pay form shows before the button: per plan, payments being confirmed and renewals running. */
export const accountStanding = (sql: Sql, subject: Subject, now: Date): Promise<AccountStanding> =>
  standingOf(sql, ownersOf(subject), now);

export type StandingRefusal = { code: 'payment_pending' | 'renewal_running'; gateway: string };

/**
 * Inside the checkout's transaction, after lockPlanOwner: why this new payment must not be
 * recorded, or null — by the rule the form showed (standingFor). `payAgain`: the payer read what
 * is pending and chose to pay again.
 */
export async function standingRefusal(
  tx: Sql,
  owner: PlanOwner,
  gateway: PaymentGateway,
  payAgain: boolean,
  now: Date,
): Promise<StandingRefusal | null> {
  const standing = await standingOf(tx, [owner], now);
  const { renewal, pending } = standingFor(standing, owner.plan, { renews: gateway.subscriptions !== undefined });
  if (renewal) return { code: 'renewal_running', gateway: renewal.gatewayName };
  if (pending && !payAgain) return { code: 'payment_pending', gateway: pending.gatewayName };
  return null;
}
