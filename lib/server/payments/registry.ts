import 'server-only';
import { offeredOn, type GatewayChoice, type PaySurface } from '@/lib/shared/gateway-offer';
import type { PageSources } from '@/lib/security/csp.mjs';
import type { PaymentGateway } from './gateway';
import { momoGateway } from './momo/gateway';
import { paypalGateway } from './paypal/gateway';
import { starsGateway } from './telegram_stars/gateway';
import { vnpayGateway } from './vnpay/gateway';

/** What the rest of the site reads of a list of gateways (the site's own list is below). */
export function gatewayRegistry(registry: readonly PaymentGateway[]) {
  /** The gateway with this id, or null (an unknown id in a URL or a request). */
  const findGateway = (id: string): PaymentGateway | null => registry.find((gateway) => gateway.id === id) ?? null;
  return {
    allGateways: registry,
    findGateway,
    /** A gateway's brand name for an id stored on an order or subscription (the id itself if unknown). */
    gatewayName: (id: string): string => findGateway(id)?.offer.name ?? id,
    /**
     * What the pay page offers on a surface (a browser's page, or the Telegram Mini App): every gateway
     * offered there, whether it can take a payment now, whether it renews, its browser half's options.
     */
    gatewayChoices: (surface: PaySurface = 'browser'): GatewayChoice[] =>
      registry
        .filter((gateway) => offeredOn(gateway.offer, surface))
        .map((gateway) => {
          const clientOptions = gateway.clientOptions?.() ?? null;
          return {
            ...gateway.offer,
            available: gateway.available(),
            renews: gateway.subscriptions !== undefined,
            ...(clientOptions !== null ? { clientOptions } : {}),
          };
        }),
    /**
     * The gateway offered inside the Telegram Mini App, or null: the one that receives the bot's
     * payment updates (its callback, and the forwarded updates' route, app/api/telegram/updates).
     */
    miniAppGateway: (): PaymentGateway | null =>
      registry.find((gateway) => gateway.offer.surface === 'miniapp') ?? null,
    /** The hosts the gateways' browser halves load from, for the pay page's Content-Security-Policy. */
    payPageSources: registry.flatMap((gateway): PageSources[] => (gateway.pageSources ? [gateway.pageSources] : [])),
  };
}

/**
 * The gateways this site knows, in the order the pay page offers them. The only list of gateways:
 * checkout, the pay page, the callback routes and reconciliation all read it.
 */
export const { allGateways, findGateway, gatewayName, gatewayChoices, miniAppGateway, payPageSources } =
  gatewayRegistry([vnpayGateway, momoGateway, paypalGateway, starsGateway]);
