import 'server-only';
import { env } from '@/lib/server/env';
import type { PaidPlanId, PurchasePeriodId } from '@/lib/pricing/catalogue';
import { paidPlanIds, purchasePeriodIds } from '@/lib/pricing/catalogue';
import type { PaypalClientOptions } from '@/lib/shared/paypal-browser';
import type { Transport } from './client';
import { SANDBOX_CLIENT, SANDBOX_PATH, SANDBOX_WEBHOOK_ID } from './sandbox/identity';

export interface PaypalConfig {
  /** live: PayPal itself (its sandbox or production); sandbox: this site's stand-in (never in production). */
  mode: 'live' | 'sandbox';
  clientId: string;
  clientSecret: string;
  /** PayPal's REST API origin (api-m.sandbox.paypal.com or api-m.paypal.com). */
  apiBase: string;
  webhookId: string;
  /** The billing plan for each (plan, period): priced per unit per cycle, quantity = users or blocks. */
  planIds: Record<PaidPlanId, Record<PurchasePeriodId, string>>;
  /** Where the browser loads the JS SDK from; undefined = PayPal's own. */
  sdkBaseUrl: string | undefined;
  /** The JS SDK's environment option. */
  environment: 'sandbox' | 'production';
  /** How the REST client reaches `apiBase`: the network, or the local sandbox in-process. */
  transport: Transport;
}

const network: Transport = (url, init) => fetch(url, init);

/**
 * The local stand-in's REST API, in-process (no gateway can reach a developer's localhost). The
 * gateway installs it (./gateway.ts): it loads the stand-in on its first call — a live
 * configuration never does — and hands the webhooks the stand-in sends to the site's callback path,
 * which reads through this very transport. Installed from above, that round trip is no import circle.
 */
let standIn: Transport = () => Promise.reject(new Error('the PayPal sandbox is not installed'));

export function installSandboxTransport(transport: Transport): void {
  standIn = transport;
}

/** PAYPAL_PLAN_IDS `a/b/c|d/e/f`: individual_pro then team_pro, periods 0–2 (env.ts checks the shape). */
function parsePlanIds(value: string): PaypalConfig['planIds'] {
  const rows = value.split('|').map((row) => row.split('/'));
  const byPlan = (row: string[]) =>
    Object.fromEntries(purchasePeriodIds.map((period, i) => [period, row[i]!.trim()])) as Record<
      PurchasePeriodId,
      string
    >;
  return { individual_pro: byPlan(rows[0]!), team_pro: byPlan(rows[1]!) };
}

const sandboxPlanIds = Object.fromEntries(
  paidPlanIds.map((plan) => [
    plan,
    Object.fromEntries(purchasePeriodIds.map((period) => [period, `P-SANDBOX-${plan}-${period}`.toUpperCase()])),
  ]),
) as PaypalConfig['planIds'];

/**
 * PayPal with credentials; without them, outside production, the local sandbox that plays PayPal
 * (its JS SDK, its REST API and its webhooks); in production without credentials, nothing.
 */
export function paypalConfig(): PaypalConfig | null {
  const config = env();
  if (
    config.NEXT_PUBLIC_PAYPAL_CLIENT_ID &&
    config.PAYPAL_CLIENT_SECRET &&
    config.PAYPAL_WEBHOOK_ID &&
    config.PAYPAL_PLAN_IDS
  ) {
    const apiBase = config.PAYPAL_API_BASE.replace(/\/+$/, '');
    return {
      mode: 'live',
      clientId: config.NEXT_PUBLIC_PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      apiBase,
      webhookId: config.PAYPAL_WEBHOOK_ID,
      planIds: parsePlanIds(config.PAYPAL_PLAN_IDS),
      sdkBaseUrl: undefined,
      environment: new URL(apiBase).hostname.includes('sandbox') ? 'sandbox' : 'production',
      transport: network,
    };
  }
  if (config.isProduction) return null;
  return {
    mode: 'sandbox',
    clientId: SANDBOX_CLIENT.id,
    clientSecret: SANDBOX_CLIENT.secret,
    apiBase: `${config.SITE_URL}${SANDBOX_PATH}/api`,
    webhookId: SANDBOX_WEBHOOK_ID,
    planIds: sandboxPlanIds,
    sdkBaseUrl: `${SANDBOX_PATH}/sdk`,
    environment: 'sandbox',
    transport: (url, init) => standIn(url, init),
  };
}

/** What the pay page's SDK loader needs (public values only), or null when PayPal is not offered. */
export function paypalClientOptions(): PaypalClientOptions | null {
  const config = paypalConfig();
  if (!config) return null;
  return {
    clientId: config.clientId,
    environment: config.environment,
    ...(config.sdkBaseUrl ? { sdkBaseUrl: config.sdkBaseUrl } : {}),
  };
}
