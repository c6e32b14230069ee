import 'server-only';
import { site } from '@/lib/config/site';
import type { Order } from '@/lib/server/ledger/types';
import type { BeginResult } from '@/lib/server/payments/gateway';
import { orderDescription, productName } from '@/lib/server/payments/order-description';
import { log } from '@/lib/server/observability/log';
import type { StarsInvoiceParams } from '@/lib/shared/telegram_stars-invoice';
import { botApi } from './bot-api';
import type { StarsConfig } from './config';
import { renewsByItself, starsOffer, SUBSCRIPTION_PERIOD_SECONDS } from './offer';

/** createInvoiceLink's title is 1–32 characters; the product name and plan fit. */
const TITLE_MAX = 32;
const DESCRIPTION_MAX = 255;

/**
 * The invoice for a pending order: the payload is the order's id (Telegram never shows it, and sends
 * it back with the pre-checkout query and the payment), the one price is the order's amount in
 * stars as checkout priced it from the catalogue — never anything the browser sent. A month is a
 * subscription (Telegram's 30-day period), every other period one payment.
 */
export function invoiceFor(order: Order) {
  const plan = productName(order, order.locale === 'vi' ? 'vi' : 'en');
  return {
    title: `${site.name} ${plan}`.slice(0, TITLE_MAX),
    description: orderDescription(order, order.locale === 'vi' ? 'vi' : 'en').slice(0, DESCRIPTION_MAX),
    payload: order.id,
    currency: 'XTR' as const,
    prices: [{ label: plan, amount: order.amount }] as [{ label: string; amount: number }],
    ...(renewsByItself(order.period) ? { subscription_period: SUBSCRIPTION_PERIOD_SECONDS } : {}),
  };
}

/** Checkout's `begin`: the invoice link the Mini App opens, or a 503 when the Bot API cannot make one. */
export async function beginStars(order: Order, config: StarsConfig): Promise<BeginResult> {
  const link = await botApi(config).createInvoiceLink(invoiceFor(order));
  if (!link.ok) {
    log().warn(
      {
        gateway: starsOffer.id,
        order: order.id,
        ...(link.kind === 'refused' ? { code: link.code, description: link.description } : { reason: link.reason }),
      },
      'createInvoiceLink failed',
    );
    return { ok: false, code: 'service_unavailable' };
  }
  const params: StarsInvoiceParams = {
    invoiceUrl: link.result,
    orderId: order.id,
    renews: renewsByItself(order.period),
  };
  return { ok: true, start: { ...starsOffer.continuation, params } };
}
