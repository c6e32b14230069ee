import 'server-only';
import { defaultLocale, localizedPath } from '@/lib/i18n/locales';
import { ledgerSql } from '@/lib/server/db';
import { findOrder } from '@/lib/server/ledger/orders';
import { payResultQuery } from '@/lib/shared/pay-result';
import { storedOrderResult } from './stored-result';
import { grantDeliveryFinished } from './outbox-delivery';
import type { CallbackInput, PaymentGateway } from './gateway';
import { log } from '@/lib/server/observability/log';

/**
 * Where the browser goes after any gateway: the *stored* state of the order, in the payer's
 * locale. A return never changes an order (callbacks and reconciliation do); a forged one shows
 * an error and nothing else.
 */
export async function resultPathForReturn(
  gateway: PaymentGateway | null,
  input: CallbackInput,
): Promise<{ pathname: string; search: string }> {
  const failed = {
    pathname: localizedPath(defaultLocale, '/pay'),
    search: payResultQuery({ status: 'failed', code: 'failed1' }),
  };
  try {
    const orderId = gateway?.returnOrderId?.(input);
    if (!orderId) return failed;
    // The payer is waiting on this answer: a grant this process is delivering lands first, so the
    // page reads success rather than "processing" (another instance's delivery the page polls for).
    await grantDeliveryFinished(orderId, 2_000);
    const sql = await ledgerSql();
    const order = await findOrder(sql, orderId);
    if (!order || order.gateway !== gateway?.id) return failed;
    return {
      pathname: localizedPath(order.locale, '/pay'),
      search: payResultQuery(await storedOrderResult(sql, order), order.id),
    };
  } catch (error) {
    log().error({ err: error, gateway: gateway?.id }, 'return failed');
    return failed;
  }
}
