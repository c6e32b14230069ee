import 'server-only';
import type { GatewayChoice } from '@/lib/shared/gateway-offer';
import type { PageSources } from '@/lib/security/csp.mjs';
import type { PaymentGateway } from './gateway';
import { momoGateway } from './momo/gateway';
import { paypalGateway } from './paypal/gateway';
import { vnpayGateway } from './vnpay/gateway';

/**
 * The gateways this site knows, in the order the pay page offers them. The only
 * list of gateways: checkout, the pay page, the callback routes and reconciliation all read it.
 */
const registry = [vnpayGateway, momoGateway, paypalGateway] as const satisfies readonly PaymentGateway[];

export const allGateways: readonly PaymentGateway[] = registry;

/** The gateway with this id, or null (an unknown id in a URL or a request). */
export function findGateway(id: string): PaymentGateway | null {
  return registry.find((gateway) => gateway.id === id) ?? null;
}

/** A gateway's brand name for an id stored on an order or subscription (the id itself if unknown). */
export function gatewayName(id: string): string {
  return findGateway(id)?.offer.name ?? id;
}

/** What the pay page offers: every gateway, whether it can take a payment right now, and its browser half's options. */
export function gatewayChoices(): GatewayChoice[] {
  return registry.map((gateway: PaymentGateway) => {
    const clientOptions = gateway.clientOptions?.() ?? null;
    return { ...gateway.offer, available: gateway.available(), ...(clientOptions !== null ? { clientOptions } : {}) };
  });
}

/** The hosts the gateways' browser halves load from, for the pay page's Content-Security-Policy. */
export const payPageSources: readonly PageSources[] = registry.flatMap((gateway: PaymentGateway) =>
  gateway.pageSources ? [gateway.pageSources] : [],
);
