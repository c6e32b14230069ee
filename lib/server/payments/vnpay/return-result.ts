import 'server-only';
import { defaultLocale, localizedPath } from '@/lib/i18n/locales';
import { ledgerSql } from '@/lib/server/db';
import { findOrder } from '@/lib/server/ledger/orders';
import { orderResult, payResultQuery } from '@/lib/shared/pay-result';
import { authenticCallback } from './callback';
import type { VnpayConfig } from './config';

/**
 * Where the browser goes after VNPay: the *stored* state of the order, in the payer's locale.
 * The return never changes an order (the IPN does); a forged one shows an error and nothing else.
 */
export async function resultPathForReturn(
  params: URLSearchParams,
  config: VnpayConfig | null,
): Promise<{ pathname: string; search: string }> {
  const failed = {
    pathname: localizedPath(defaultLocale, '/pay'),
    search: payResultQuery({ status: 'failed', code: 'failed1' }),
  };
  const fields = config && authenticCallback(params, config);
  if (!fields?.vnp_TxnRef) return failed;
  try {
    const order = await findOrder(await ledgerSql(), fields.vnp_TxnRef);
    if (!order) return failed;
    return {
      pathname: localizedPath(order.locale, '/pay'),
      search: payResultQuery(orderResult(order), order.id),
    };
  } catch (error) {
    console.error('[vnpay] return failed', error);
    return failed;
  }
}
