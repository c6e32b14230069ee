import 'server-only';

/** Where the local sandbox answers, under this site. */
export const SANDBOX_PATH = '/api/payments/paypal/sandbox';
export const SANDBOX_WEBHOOK_ID = 'WH-QUORUM-SANDBOX';
/** The address the site's webhooks are registered at with PayPal, where the sandbox's deliveries say they go. */
export const WEBHOOK_PATH = '/api/payments/paypal/webhook';
/** The sandbox's client credentials: public by design, they open nothing but the local sandbox. */
export const SANDBOX_CLIENT = { id: 'quorum-sandbox-client', secret: 'quorum-sandbox-secret' };
