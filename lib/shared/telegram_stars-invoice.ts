/**
 * What the Stars gateway's checkout hands its Mini App component (components/pay/telegram_stars-checkout.tsx):
 * the invoice link to open with the SDK's `invoice.open`, the order it pays, and whether it renews
 * by itself (a month: a Stars subscription, every 30 days).
 */
export interface StarsInvoiceParams {
  invoiceUrl: string;
  orderId: string;
  renews: boolean;
}

/** The checkout's `params`, opaque on the way (lib/shared/checkout.ts): checked where they are read. */
export function starsInvoiceParams(value: unknown): StarsInvoiceParams | null {
  if (typeof value !== 'object' || value === null) return null;
  const { invoiceUrl, orderId, renews } = value as Record<string, unknown>;
  return typeof invoiceUrl === 'string' && typeof orderId === 'string' && typeof renews === 'boolean'
    ? { invoiceUrl, orderId, renews }
    : null;
}

/** What the Stars gateway's component loads with: which purchases renew by themselves, and how often. */
export interface StarsClientOptions {
  /** Days between two charges of a Stars subscription (Telegram's 30). */
  everyDays: number;
  /** The months a purchase buys when it is a subscription (a month); other purchases are one payment. */
  renewingMonths: number[];
}

export function starsClientOptions(value: unknown): StarsClientOptions | null {
  if (typeof value !== 'object' || value === null) return null;
  const { everyDays, renewingMonths } = value as Record<string, unknown>;
  return typeof everyDays === 'number' &&
    Array.isArray(renewingMonths) &&
    renewingMonths.every((m) => typeof m === 'number')
    ? { everyDays, renewingMonths: renewingMonths as number[] }
    : null;
}
