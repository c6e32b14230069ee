/*
 * What PayPal's browser half (components/pay/paypal-checkout.tsx) receives from its server half
 * (lib/server/payments/paypal/). Written here, beside the other shapes both sides name, so the
 * component imports no server module. The seam carries both as opaque values (a gateway choice's
 * `clientOptions`, a checkout's `params`); the component checks their shape before it uses them.
 */

/** The JS SDK's options: the public client id, and the local sandbox's stand-in SDK when there is one. */
export interface PaypalClientOptions {
  clientId: string;
  environment: 'sandbox' | 'production';
  sdkBaseUrl?: string;
}

/**
 * What the buttons create the subscription with: our plan id, users or blocks, our order id, and
 * — when the plan is paid ahead — the first charge's time (PayPal's `start_time`, ISO, UTC).
 */
export interface PaypalCheckoutParams {
  planId: string;
  quantity: number;
  customId: string;
  startTime?: string;
}

/**
 * A one-off payment (query packs): the PayPal order the server created at the order's price, which
 * the buttons hand PayPal (`createOrder`), and our order id, which confirm names.
 */
export interface PaypalOneOffParams {
  paypalOrderId: string;
  customId: string;
}
