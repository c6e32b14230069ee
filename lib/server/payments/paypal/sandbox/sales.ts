import 'server-only';
import { readSandboxPayment, writeSandboxPayment, findSandboxPayment } from '@/lib/server/payments/sandbox/store';
import { sandboxId } from './store';

/**
 * The sales (payments) the PayPal stand-in made for its subscriptions, and their refunds — what
 * PayPal's refund API and its PAYMENT.SALE.REFUNDED events are about (never used in production).
 */
const SALES = 'paypal-sandbox-sales';

export interface SandboxSale {
  id: string;
  subscriptionId: string;
  cents: number;
  currency: string;
  refunds: SandboxSaleRefund[];
}

export interface SandboxSaleRefund {
  id: string;
  /** The PayPal-Request-Id it was made with (null when refunded in PayPal's own console). */
  requestId: string | null;
  cents: number;
}

export async function recordSandboxSale(sale: Omit<SandboxSale, 'refunds'>): Promise<void> {
  await writeSandboxPayment(SALES, sale.id, { ...sale, refunds: [] } satisfies SandboxSale);
}

export const findSandboxSale = (id: string) => readSandboxPayment<SandboxSale>(SALES, id);

/** The latest sale of a subscription (what the console's "refund" returns). */
export async function latestSandboxSale(subscriptionId: string): Promise<SandboxSale | null> {
  const found = await findSandboxPayment<SandboxSale>(SALES, ['subscriptionId'], subscriptionId);
  return found?.payment ?? null;
}

export type SaleRefundResult =
  | { ok: true; refund: SandboxSaleRefund; sale: SandboxSale; repeated: boolean }
  | { ok: false; status: number; name: string; message: string };

/**
 * Refunds `cents` of a sale (null: what is left), as PayPal does: the same PayPal-Request-Id again
 * returns the refund it made; more than is left is REFUND_EXCEEDED_TRANSACTION_AMOUNT; a sale
 * refunded in full is TRANSACTION_ALREADY_REFUNDED.
 */
export async function refundSandboxSale(
  saleId: string,
  cents: number | null,
  requestId: string | null,
): Promise<SaleRefundResult> {
  const sale = await findSandboxSale(saleId);
  if (!sale)
    return { ok: false, status: 404, name: 'INVALID_RESOURCE_ID', message: 'Requested resource ID was not found.' };
  const earlier = requestId ? sale.refunds.find((r) => r.requestId === requestId) : undefined;
  if (earlier) return { ok: true, refund: earlier, sale, repeated: true };
  const left = sale.cents - sale.refunds.reduce((sum, r) => sum + r.cents, 0);
  if (left <= 0)
    return {
      ok: false,
      status: 422,
      name: 'TRANSACTION_ALREADY_REFUNDED',
      message: 'Requested transaction is already fully refunded.',
    };
  const amount = cents ?? left;
  if (amount <= 0 || amount > left) {
    return {
      ok: false,
      status: 422,
      name: 'REFUND_EXCEEDED_TRANSACTION_AMOUNT',
      message: 'Refund amount exceeds the amount left.',
    };
  }
  const refund: SandboxSaleRefund = { id: sandboxId('', 17), requestId, cents: amount };
  const updated = { ...sale, refunds: [...sale.refunds, refund] };
  await writeSandboxPayment(SALES, sale.id, updated);
  return { ok: true, refund, sale: updated, repeated: false };
}
