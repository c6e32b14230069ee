import type { GatewayOffer } from '@/lib/shared/gateway-offer';

/** Telegram's subscription period: the only one the Bot API takes (createInvoiceLink's subscription_period). */
export const SUBSCRIPTION_PERIOD_SECONDS = 2_592_000;

/**
 * Telegram Stars (docs/payments.md#telegram-stars): whole stars (`XTR`), paid in Telegram's own
 * payment sheet, which the Mini App opens; offered only there, and there the only way to pay
 * (Telegram's rule for digital goods sold inside Telegram). A month (period0) is a Stars
 * subscription Telegram renews every 30 days, at most 10000 stars a charge (the Bot API's cap on a
 * subscription's price); longer periods and a larger team on the running plan are one payment each.
 */
export const starsOffer = {
  id: 'telegram_stars',
  name: 'Telegram Stars',
  currency: 'XTR',
  methods: ['stars'],
  min: 1,
  // The Bot API documents no ceiling for a one-off Stars invoice; this is the site's own bound.
  max: 1_000_000,
  continuation: { kind: 'sdk', sdk: 'telegram_stars' },
  surface: 'miniapp',
  subscription: { periods: ['period0'], everyDays: SUBSCRIPTION_PERIOD_SECONDS / 86_400, max: 10_000 },
} as const satisfies GatewayOffer;

/** Whether an order's period is paid as a Stars subscription (the others are one payment). */
export const renewsByItself = (period: string): boolean =>
  (starsOffer.subscription.periods as readonly string[]).includes(period);
