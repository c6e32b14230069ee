import 'server-only';
import { env } from '@/lib/server/env';
import { derivedKey } from '@/lib/server/session/secret';

export interface VnpayConfig {
  /** live: the real gateway (its sandbox or production); sandbox: this site's stand-in. */
  mode: 'live' | 'sandbox';
  tmnCode: string;
  hashSecret: string;
  paymentUrl: string;
  /** querydr and refund (POST JSON). */
  apiUrl: string;
  returnUrl: string;
}

export const SANDBOX_PATH = '/api/payments/vnpay/sandbox';
export const RETURN_PATH = '/api/payments/vnpay/return';

/**
 * VNPay with credentials; without them, outside production, the local sandbox that plays VNPay;
 * in production without credentials, nothing (the gateway is not offered).
 */
export function vnpayConfig(): VnpayConfig | null {
  const config = env();
  const returnUrl = `${config.SITE_URL}${RETURN_PATH}`;
  if (config.VNPAY_TMN_CODE && config.VNPAY_HASH_SECRET) {
    return {
      mode: 'live',
      tmnCode: config.VNPAY_TMN_CODE,
      hashSecret: config.VNPAY_HASH_SECRET,
      paymentUrl: config.VNPAY_PAYMENT_URL,
      apiUrl: config.VNPAY_API_URL,
      returnUrl,
    };
  }
  if (config.isProduction) return null;
  return {
    mode: 'sandbox',
    tmnCode: 'QUORUMSB',
    hashSecret: derivedKey('vnpay-sandbox').toString('hex'),
    paymentUrl: `${config.SITE_URL}${SANDBOX_PATH}`,
    apiUrl: `${config.SITE_URL}${SANDBOX_PATH}/merchant_webapi/api/transaction`,
    returnUrl,
  };
}
