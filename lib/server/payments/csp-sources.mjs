// @ts-check
// The registry's plain-JavaScript half: the hosts each gateway's browser half needs on the pay page,
// declared in the gateway's own folder (<id>/csp.mjs). lib/security/csp.mjs builds the pay page's
// policy from these, and next.config.mjs and the build's scripts load it without a compiler, so
// they cannot read registry.ts. tests/payments/gateway-seam.test.ts keeps this list equal to the
// registry's gateways' `pageSources`.
import { paypalPageSources } from './paypal/csp.mjs';

/**
 * Sources one gateway adds to the pay page's directives (script-src, connect-src, frame-src, img-src).
 * @typedef {{ script?: readonly string[], connect?: readonly string[], frame?: readonly string[], img?: readonly string[] }} PageSources
 */

/** @type {readonly PageSources[]} */
export const gatewayPageSources = [paypalPageSources];

/**
 * Every gateway's sources, merged per directive, in order and once each.
 * @param {readonly PageSources[]} [declared]
 * @returns {{ script: string[], connect: string[], frame: string[], img: string[] }}
 */
export function payPageSources(declared = gatewayPageSources) {
  /** @param {'script' | 'connect' | 'frame' | 'img'} directive */
  const merged = (directive) => [...new Set(declared.flatMap((sources) => sources[directive] ?? []))];
  return { script: merged('script'), connect: merged('connect'), frame: merged('frame'), img: merged('img') };
}
