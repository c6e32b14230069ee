import 'server-only';
import type { Order } from '@/lib/server/ledger/types';
import type { QueryResult, RefundReport, SettledPayment } from '@/lib/server/payments/gateway';
import { botApi, type StarTransaction } from './bot-api';
import type { StarsConfig } from './config';
import { SUBSCRIPTION_PERIOD_SECONDS, starsOffer } from './offer';
import { onSuccessfulPayment, refundRef } from './payments';
import type { SuccessfulPayment } from '@/lib/server/directory/remote/telegram-update';
import { PAYMENT_WINDOW_MS } from './precheckout';

/*
 * Reconciliation from getStarTransactions (docs/payments.md#telegram-stars): the bot's transactions,
 * oldest first, a hundred a page. A payment is an incoming transaction whose source is the user's
 * `invoice_payment` with our order id as its payload; its refund is an outgoing transaction with the
 * payment's own id. What the site missed (a lost update) is settled or recorded as the update would.
 */

const PAGE = 100;
/** The most pages one question reads: the newest MAX_PAGES × PAGE transactions (the recent ones it asks about). */
const MAX_PAGES = 50;

type Scan = { ok: true; transactions: StarTransaction[] } | { ok: false; reason: string };

class Unanswered extends Error {}

/**
 * The bot's newest transactions, at most MAX_PAGES pages, that `keep` picks. Telegram lists them
 * oldest first and says not how many there are: a bot with one page is read in one call; beyond
 * that, the count is found by doubling the offset and then halving the gap (a few dozen calls for a
 * million transactions), and the last pages are read.
 */
async function scan(config: StarsConfig, keep: (transaction: StarTransaction) => boolean): Promise<Scan> {
  const api = botApi(config);
  const read = async (offset: number, limit: number) => {
    const answer = await api.getStarTransactions(offset, limit);
    if (!answer.ok) throw new Unanswered(answer.kind === 'refused' ? answer.description : answer.reason);
    return answer.result.transactions;
  };
  try {
    const first = await read(0, PAGE);
    if (first.length < PAGE) return { ok: true, transactions: first.filter(keep) };
    const has = async (offset: number) => (await read(offset, 1)).length > 0;
    let low = PAGE - 1;
    let high = PAGE;
    while (await has(high)) [low, high] = [high, high * 2];
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (await has(middle)) low = middle;
      else high = middle;
    }
    const found: StarTransaction[] = [];
    for (let offset = Math.max(0, high - MAX_PAGES * PAGE); offset < high; offset += PAGE) {
      found.push(...(await read(offset, PAGE)).filter(keep));
    }
    return { ok: true, transactions: found };
  } catch (error) {
    if (error instanceof Unanswered) return { ok: false, reason: error.message };
    throw error;
  }
}

const paymentOf = (orderId: string) => (transaction: StarTransaction) =>
  transaction.source?.transaction_type === 'invoice_payment' && transaction.source.invoice_payload === orderId;

/**
 * What Telegram's records say of an order: its payments (a subscription's renewals among them, each
 * settled here as its successful_payment would have been), or none yet.
 */
export async function queryStars(order: Order, config: StarsConfig, now: Date): Promise<QueryResult> {
  const found = await scan(config, paymentOf(order.id));
  if (!found.ok) return { state: 'unavailable', reason: found.reason };
  const payments = found.transactions;
  if (payments.length === 0) {
    const open = now.getTime() - order.createdAt.getTime() < PAYMENT_WINDOW_MS;
    return open ? { state: 'pending', awaitingPayer: true } : { state: 'not_found' };
  }
  const renews = payments.some((payment) => payment.source?.subscription_period !== undefined);
  const reported = payments.map((payment, index): SuccessfulPayment => ({
    currency: 'XTR',
    total_amount: payment.amount,
    invoice_payload: order.id,
    telegram_payment_charge_id: payment.id,
    ...(renews
      ? {
          is_recurring: true,
          is_first_recurring: index === 0,
          subscription_expiration_date: payment.date + SUBSCRIPTION_PERIOD_SECONDS,
        }
      : {}),
  }));
  // Each settled as its update would have been (the review queue's rules included); the first is
  // also the answer about the order, which reconciliation settles again — once, by its charge id.
  for (const payment of reported) await onSuccessfulPayment(payment, Number(order.userId), now);
  const first = reported[0]!;
  return {
    state: 'final',
    event: {
      gateway: starsOffer.id,
      transactionId: first.telegram_payment_charge_id,
      orderId: order.id,
      amount: first.total_amount,
      currency: 'XTR',
      result: 'succeeded',
      resultCode: 'reconciled',
      payload: { ...first, source: 'getStarTransactions' },
    },
  };
}

/** The refunds Telegram lists for a payment: outgoing transactions bearing the payment's id. */
export async function refundsOfStars(payment: SettledPayment, config: StarsConfig): Promise<RefundReport> {
  const found = await scan(config, (t) => t.receiver !== undefined && t.id === payment.transactionId);
  if (!found.ok) return { state: 'unavailable', reason: found.reason };
  return {
    state: 'listed',
    refunds: found.transactions.map((t) => ({
      gatewayRef: refundRef(t.id),
      amount: Math.abs(t.amount),
      requestId: null,
    })),
  };
}
