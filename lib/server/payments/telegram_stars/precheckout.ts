import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { findOrder, isOrderId } from '@/lib/server/ledger/orders';
import { planOwner, renewingSubscriptionsOf } from '@/lib/server/ledger/standing';
import { latestWebhookOutcome, recordWebhookEvent } from '@/lib/server/ledger/subscriptions';
import type { Order } from '@/lib/server/ledger/types';
import { log } from '@/lib/server/observability/log';
import { botApi } from './bot-api';
import type { StarsConfig } from './config';
import { renewsByItself, starsOffer } from './offer';
import type { PreCheckoutQuery } from '@/lib/server/directory/remote/telegram-update';

/** How long the payer has in Telegram's sheet after checkout made the invoice. */
export const PAYMENT_WINDOW_MS = 30 * 60_000;
export const PRE_CHECKOUT = 'pre_checkout_query';

export type PreCheckoutRefusal =
  'unknown_order' | 'not_pending' | 'other_user' | 'amount' | 'expired' | 'renewal_running';

/** The subscription a Stars order starts: named by the order, which every renewal's payload names too. */
export const subscriptionIdOf = (orderId: string) => `stars:${orderId}`;

/**
 * Whether Telegram may take the payment, from the ledger alone (no other call fits in Telegram's
 * 10 seconds): our order, for Stars, still pending and within its window, this Telegram user's,
 * this amount in stars, and — for a subscription — no other renewal of the plan live for its owner.
 */
export async function decidePreCheckout(
  query: PreCheckoutQuery,
  now: Date,
): Promise<{ order: Order | null; refusal: PreCheckoutRefusal | null }> {
  if (!isOrderId(query.invoice_payload)) return { order: null, refusal: 'unknown_order' };
  const sql = await ledgerSql();
  const order = await findOrder(sql, query.invoice_payload);
  if (!order || order.gateway !== starsOffer.id) return { order: null, refusal: 'unknown_order' };
  const refuse = (refusal: PreCheckoutRefusal) => ({ order, refusal });
  if (order.status !== 'pending') return refuse('not_pending');
  if (order.platform !== 'telegram' || order.userId !== String(query.from.id)) return refuse('other_user');
  if (query.currency !== order.currency || query.total_amount !== order.amount) return refuse('amount');
  if (now.getTime() - order.createdAt.getTime() > PAYMENT_WINDOW_MS) return refuse('expired');
  if (renewsByItself(order.period)) {
    const owner = planOwner(order, order.plan);
    const live = owner ? await renewingSubscriptionsOf(sql, owner) : [];
    if (live.some((renewal) => renewal.id !== subscriptionIdOf(order.id))) return refuse('renewal_running');
  }
  return { order, refusal: null };
}

/**
 * What Telegram shows the payer on a refusal, in the order's language. The translator is loaded here,
 * when a refusal needs words: the gateway is in the registry, which the operators' commands load
 * under plain Node, where next-intl's entry (its React provider) cannot run.
 */
async function refusalMessage(order: Order | null, refusal: PreCheckoutRefusal): Promise<string> {
  const { checkoutErrorTranslator } = await import('@/lib/server/i18n/translator');
  const t = await checkoutErrorTranslator(order?.locale ?? 'en');
  return refusal === 'renewal_running' ? t('renewal_running', { gateway: starsOffer.name }) : t('checkout_expired');
}

/**
 * A pre-checkout query: decided, its answer recorded against the order (a payment Telegram reports
 * after a refusal then waits for a person), then answered. A repeated query is decided and answered
 * again (the ledger has not changed, so neither has the answer); the record keeps the first.
 */
export async function answerPreCheckout(query: PreCheckoutQuery, config: StarsConfig, now: Date): Promise<string> {
  const { order, refusal } = await decidePreCheckout(query, now);
  const answer =
    refusal === null
      ? { ok: true as const }
      : { ok: false as const, errorMessage: await refusalMessage(order, refusal) };
  const outcome = refusal === null ? 'accepted' : `refused:${refusal}`;
  // Recorded before Telegram hears it: a payment that follows a refusal is then always recognised.
  await recordWebhookEvent(await ledgerSql(), {
    gateway: starsOffer.id,
    eventId: `${PRE_CHECKOUT}:${query.id}`,
    eventType: PRE_CHECKOUT,
    resourceId: order?.id ?? query.invoice_payload,
    outcome,
    payload: query,
    now,
  });
  const answered = await botApi(config).answerPreCheckoutQuery(query.id, answer);
  if (!answered.ok)
    log().warn({ gateway: starsOffer.id, query: query.id, outcome, answered }, 'answerPreCheckoutQuery failed');
  log().info({ gateway: starsOffer.id, query: query.id, order: order?.id, outcome }, 'pre-checkout answered');
  return `pre_checkout_${outcome}`;
}

/** Whether the last pre-checkout answer for an order refused it. */
export async function preCheckoutRefused(orderId: string): Promise<boolean> {
  const outcome = await latestWebhookOutcome(await ledgerSql(), {
    gateway: starsOffer.id,
    eventType: PRE_CHECKOUT,
    resourceId: orderId,
  });
  return outcome?.startsWith('refused') ?? false;
}
