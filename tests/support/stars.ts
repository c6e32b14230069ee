import { NextRequest } from 'next/server';
import { ledgerSql } from '@/lib/server/db';
import { createOrder } from '@/lib/server/ledger/orders';
import type { NewOrder, Order } from '@/lib/server/ledger/types';
import { starsConfig } from '@/lib/server/payments/telegram_stars/config';
import { standInState } from '@/lib/server/payments/telegram_stars/sandbox/store';
import { sealMiniAppSession } from '@/lib/server/session/session';
import { gatewayRoutes } from './money';

/** Telegram Stars in the tests: the local stand-in (no bot token), its webhook, and Stars orders. */
export const starsRoutes = gatewayRoutes('telegram_stars');
export const webhookSecret = () => starsConfig()!.updates.secret;

/** An update as Telegram posts it to the bot's webhook; `secret` null sends no secret header. */
export function starsUpdate(update: Record<string, unknown>, secret: string | null = webhookSecret()) {
  return starsRoutes.ipn(
    new NextRequest('http://localhost:3000/api/payments/telegram_stars/ipn', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
      },
      body: JSON.stringify({ update_id: Math.floor(Math.random() * 1e9), ...update }),
    }),
  );
}

/** A pending Stars order as checkout makes it: alice's Individual Pro for a month, 100 stars. */
export async function pendingStarsOrder(overrides: Partial<NewOrder> = {}): Promise<Order> {
  const { order } = await createOrder(await ledgerSql(), {
    subject: { platform: 'telegram', userId: '1001' },
    plan: 'individual_pro',
    period: 'period0',
    seats: null,
    quantity: null,
    months: 1,
    gateway: 'telegram_stars',
    method: 'stars',
    currency: 'XTR',
    amount: 100,
    locale: 'en',
    clientIp: '127.0.0.1',
    idempotencyKey: `stars-${Math.random().toString(36).slice(2)}`,
    now: new Date(),
    ...overrides,
  });
  return order;
}

/** A pre-checkout query the stand-in waits on; its answer is read with `preCheckoutAnswer`. */
export function preCheckout(order: Pick<Order, 'id' | 'amount'>, id: string, from = 1001, amount = order.amount) {
  standInState().answers.set(id, null);
  return starsUpdate({
    pre_checkout_query: { id, from: { id: from }, currency: 'XTR', total_amount: amount, invoice_payload: order.id },
  });
}
export const preCheckoutAnswer = (id: string) => standInState().answers.get(id);

/** The update of a successful_payment as Telegram reports it; renewals carry is_recurring and their period's end. */
export function paymentUpdate(
  order: Pick<Order, 'id' | 'amount'>,
  charge: string,
  extra: Record<string, unknown> = {},
) {
  return {
    message: {
      message_id: 1,
      from: { id: 1001 },
      successful_payment: {
        currency: 'XTR',
        total_amount: order.amount,
        invoice_payload: order.id,
        telegram_payment_charge_id: charge,
        provider_payment_charge_id: '',
        ...extra,
      },
    },
  };
}

/** That payment, posted to the site's webhook. */
export const payment = (order: Pick<Order, 'id' | 'amount'>, charge: string, extra: Record<string, unknown> = {}) =>
  starsUpdate(paymentUpdate(order, charge, extra));

/** The fields of the n-th payment of a Stars subscription begun with `order` (1 = the first). */
export const cycleFields = (order: Pick<Order, 'createdAt'>, n: number) => ({
  is_recurring: true,
  ...(n === 1 ? { is_first_recurring: true } : {}),
  subscription_expiration_date: Math.floor(order.createdAt.getTime() / 1000) + n * 2_592_000,
});

export function refunded(order: Pick<Order, 'id' | 'amount'>, charge: string) {
  return starsUpdate({
    message: {
      from: { id: 1001 },
      refunded_payment: {
        currency: 'XTR',
        total_amount: order.amount,
        invoice_payload: order.id,
        telegram_payment_charge_id: charge,
      },
    },
  });
}

/** A Mini App session's header for `subject`, as the session exchange hands the page. */
export function miniAppAuthorization(subject: { userId: string; teamId?: string }) {
  const { token } = sealMiniAppSession({
    plt: 'telegram',
    sub: subject.userId,
    team: subject.teamId,
    aud: 'pay',
    jti: 'test',
  });
  return { authorization: `Bearer ${token}` };
}
