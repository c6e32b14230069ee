import 'server-only';
import { env } from '@/lib/server/env';
import { derivedKey } from '@/lib/server/session/secret';

export interface MomoConfig {
  /** live: MoMo itself (its test or production host); sandbox: this site's stand-in. */
  mode: 'live' | 'sandbox';
  partnerCode: string;
  accessKey: string;
  secretKey: string;
  /** Base URL the create and query calls are POSTed to (…/v2/gateway/api/create). */
  endpoint: string;
  redirectUrl: string;
  ipnUrl: string;
}

export const SANDBOX_PATH = '/api/payments/momo/sandbox';

/**
 * MoMo with credentials; without them, outside production, the local sandbox that plays MoMo —
 * reached over HTTP like MoMo, so the client is the one production uses; in production without
 * credentials, nothing (the gateway is not offered).
 */
export function momoConfig(): MomoConfig | null {
  const config = env();
  const urls = {
    redirectUrl: `${config.SITE_URL}/api/payments/momo/return`,
    ipnUrl: `${config.SITE_URL}/api/payments/momo/ipn`,
  };
  if (config.MOMO_PARTNER_CODE && config.MOMO_ACCESS_KEY && config.MOMO_SECRET_KEY) {
    return {
      mode: 'live',
      partnerCode: config.MOMO_PARTNER_CODE,
      accessKey: config.MOMO_ACCESS_KEY,
      secretKey: config.MOMO_SECRET_KEY,
      endpoint: config.MOMO_ENDPOINT.replace(/\/+$/, ''),
      ...urls,
    };
  }
  if (config.isProduction) return null;
  const key = derivedKey('momo-sandbox').toString('hex');
  return {
    mode: 'sandbox',
    partnerCode: 'MOMOQUORUMSB',
    accessKey: key.slice(0, 16),
    secretKey: key.slice(16),
    endpoint: `${config.SITE_URL}${SANDBOX_PATH}`,
    ...urls,
  };
}
