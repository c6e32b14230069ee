// @ts-check
// What PayPal's browser half needs from the pay page's Content-Security-Policy. Plain JavaScript so
// lib/security/csp.mjs (read by next.config.mjs and the build's scripts without a compiler) takes
// it through ../csp-sources.mjs; the gateway (./gateway.ts) declares the same object.

const hosts = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * PayPal's JS SDK and checkout: the SDK's script, its API calls, the buttons' and card fields'
 * frames, and their images.
 * @type {import('../csp-sources.mjs').PageSources}
 */
export const paypalPageSources = { script: hosts, connect: hosts, frame: hosts, img: hosts };
