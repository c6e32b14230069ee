import 'server-only';
import { createHash } from 'node:crypto';
import { isMethodOf, offeredOn, type PaySurface } from '@/lib/shared/gateway-offer';
import { isPack } from '@/lib/pricing/catalogue';
import type { Locale } from '@/lib/i18n/locales';
import type { CheckoutRequest } from '@/lib/shared/checkout';
import { accountDirectory, type Subject } from '@/lib/server/directory';
import { ledgerSql } from '@/lib/server/db';
import type { Billing } from '@/lib/shared/billing';
import { createOrder, findOrder, findOrderByKey, moveOrder, setCheckoutStart } from '@/lib/server/ledger/orders';
import { lockPlanOwner, planOwner } from '@/lib/server/ledger/standing';
import { standingRefusal } from './standing';
import type { Order } from '@/lib/server/ledger/types';
import type { CheckoutStart } from '@/lib/server/payments/gateway';
import { findGateway } from '@/lib/server/payments/registry';
import { teamAdminRefusal } from './team-admin-guard';
import { pricePacks, pricePlan, refuse, sameTerms, type CheckoutRefusal } from './price-selection';

export { refuse, type CheckoutRefusal } from './price-selection';
export type CheckoutResult = { ok: true; start: CheckoutStart } | CheckoutRefusal;

export interface CheckoutInput {
  subject: Subject;
  selection: CheckoutRequest;
  /** From the page; absent, one is derived so a double click still makes one order. */
  idempotencyKey: string | undefined;
  /** Company details for the receipt, checked; absent or null when the payer gave none. */
  billing?: Billing | null;
  locale: Locale;
  clientIp: string;
  now: Date;
  /** Where the session pays (a browser, or the Telegram Mini App): only that surface's gateways take it. */
  surface?: PaySurface;
}

/**
 * Checkout: re-validate the selection (a plan, or query packs) against the account as the directory
 * holds it now, price it from the catalogue, record one pending order in the ledger, tell the
 * directory about it (the assistant may refuse), then let the chosen gateway begin: a redirect,
 * or the parameters of its browser SDK. Nothing here knows one gateway from another.
 */
export async function startCheckout(input: CheckoutInput): Promise<CheckoutResult> {
  const { selection, now } = input;
  const directory = await accountDirectory();
  const context = await directory.payContext(input.subject);
  if (!context) return refuse('no_session');
  if (!isPack(selection.plan)) {
    const notTeamAdmin = teamAdminRefusal(context, selection.plan);
    if (notTeamAdmin) return notTeamAdmin;
  }

  const gateway = findGateway(selection.gateway);
  if (!gateway) return refuse('invalid_request');
  // Inside Telegram only its own payments, and those nowhere else (lib/shared/gateway-offer.ts, offeredOn).
  if (!gateway.available() || !offeredOn(gateway.offer, input.surface ?? 'browser'))
    return refuse('gateway_unavailable');
  const { offer } = gateway;
  if (!isMethodOf(offer, selection.method)) return refuse('unknown_method');

  const priced =
    selection.plan === 'query_pack'
      ? pricePacks(input.subject, selection, offer, now)
      : pricePlan(context, input.subject, selection, offer, now);
  if (!priced.ok) return priced;
  const { subject, terms } = priced;

  const sql = await ledgerSql();
  const owner = planOwner(subject, terms.plan);
  if (!owner) return refuse('team_required');
  const key = input.idempotencyKey ?? derivedIdempotencyKey(subject, selection, gateway.paymentWindowMs, now);
  // One checkout per plan owner at a time (every browser, every instance): what is already under
  // way is read and the new order recorded under one lock. A repeat of this very request is not a
  // second payment: it replays the first order below.
  const recorded = await sql.transaction(async (tx) => {
    await lockPlanOwner(tx, owner);
    if (!(await findOrderByKey(tx, subject, key))) {
      const standing = await standingRefusal(tx, owner, gateway, selection.payAgain === true, now);
      if (standing) return { ...refuse(standing.code), gateway: standing.gateway };
    }
    return createOrder(tx, {
      subject,
      ...terms,
      gateway: gateway.id,
      method: selection.method,
      locale: input.locale,
      clientIp: input.clientIp,
      idempotencyKey: key,
      billing: input.billing ?? null,
      now,
    });
  });
  if ('ok' in recorded) return recorded;
  const { order, created } = recorded;
  if (!created) {
    if (!sameTerms(order, priced, selection.gateway, selection.method)) return refuse('idempotency_conflict');
    if (order.status !== 'pending' || now.getTime() - order.createdAt.getTime() > gateway.paymentWindowMs) {
      return refuse('checkout_expired');
    }
  }

  // Before any redirect: the payer must not pay for an order the assistant will not honour.
  // Registration is idempotent by order id, so a repeated checkout simply asks again.
  if ((await directory.registerOrder(orderNotice(order))) === 'refused') {
    await moveOrder(sql, order.id, ['pending'], 'failed', now);
    return refuse('order_refused');
  }
  // A repeated checkout replays how the first one began: a gateway such as MoMo refuses a second
  // payment request for the same order id.
  const started = replayed(order);
  if (started) return { ok: true, start: started };
  const begun = await gateway.begin(order, { now, renewalStartsAt: priced.renewalStartsAt });
  if (!begun.ok) {
    // Two identical requests at once: the other one may have begun it meanwhile.
    const again = await findOrder(sql, order.id);
    const startedMeanwhile = again && replayed(again);
    if (startedMeanwhile) return { ok: true, start: startedMeanwhile };
    // The payer was never sent to the gateway, so nothing can be paid for this order: it must not
    // stand as a payment "being confirmed" in the way of the next attempt.
    await moveOrder(sql, order.id, ['pending'], 'failed', now);
    return begun;
  }
  if (!(await setCheckoutStart(sql, order.id, begun.start, begun.gatewayRef ?? null))) {
    const first = await findOrder(sql, order.id);
    const startedFirst = first && replayed(first);
    if (startedFirst) return { ok: true, start: startedFirst };
  }
  return { ok: true, start: begun.start };
}

/**
 * How an order's checkout began, as stored. Orders begun before continuations were tagged stored a
 * bare `{redirectUrl}` (a redirect, replayed as one); any other start of a shape no longer written
 * (untagged SDK parameters, or a kind that named one SDK) is begun again: `begin` computes an SDK's
 * parameters from the order (null: begin again).
 */
function replayed(order: Order): CheckoutStart | null {
  const stored = order.checkoutStart;
  if (!stored) return null;
  if ('kind' in stored) return stored.kind === 'redirect' || stored.kind === 'sdk' ? (stored as CheckoutStart) : null;
  return typeof stored.redirectUrl === 'string' ? { kind: 'redirect', redirectUrl: stored.redirectUrl } : null;
}

const orderNotice = (order: Order) => ({
  orderId: order.id,
  platform: order.platform,
  userId: order.userId,
  teamId: order.teamId,
  plan: order.plan,
  period: order.period,
  seats: order.seats,
  quantity: order.quantity,
  gateway: order.gateway,
  currency: order.currency,
  amount: order.amount,
  createdAt: order.createdAt,
});

/** Same subject, same selection, same payment window → same key: a bare double POST makes one order. */
function derivedIdempotencyKey(subject: Subject, selection: CheckoutRequest, windowMs: number, now: Date): string {
  const window = Math.floor(now.getTime() / windowMs);
  const digest = createHash('sha256')
    .update(JSON.stringify([subject.platform, subject.userId, subject.teamId ?? '', selection, window]))
    .digest('base64url');
  return `auto-${digest.slice(0, 40)}`;
}
