import { NextRequest } from 'next/server';
import en from '@/messages/en.json';
import { allGateways, findGateway, gatewayChoices, payPageSources } from '@/lib/server/payments/registry';
import { contentSecurityPolicy } from '@/lib/security/csp.mjs';
import { gatewayPageSources } from '@/scripts/csp/gateway-sources.mjs';
import { gatewayRoutes } from '../support/money';

describe('the gateway registry', () => {
  it('lists VNPay, MoMo, PayPal and Telegram Stars once each, in the pay page’s order, each named and with named methods', () => {
    expect(allGateways.map((gateway) => gateway.id)).toEqual(['vnpay', 'momo', 'paypal', 'telegram_stars']);
    for (const gateway of allGateways) {
      expect(gateway.offer.id).toBe(gateway.id);
      expect(en.PayPage.form.gateways).toHaveProperty(gateway.id);
      for (const method of gateway.offer.methods) expect(en.PayPage.form.methods).toHaveProperty(method);
      expect(gateway.paymentWindowMs).toBeGreaterThan(0);
    }
  });

  it('builds the pay page’s CSP from exactly the sources the registry’s gateways declare, at build time as per request', () => {
    // The post-build step reads the gateways' declarations without a compiler; the proxy, through the registry.
    const directives = (policy: string) => policy.split('; ').map((directive) => directive.split(' ').sort());
    expect(payPageSources).toEqual(allGateways.flatMap((gateway) => gateway.pageSources ?? []));
    expect(directives(contentSecurityPolicy({ gatewaySources: gatewayPageSources() }))).toEqual(
      directives(contentSecurityPolicy({ gatewaySources: payPageSources })),
    );
    expect(contentSecurityPolicy({ gatewaySources: payPageSources })).toContain('frame-src https://www.paypal.com');
  });

  it('offers a browser’s pay page every gateway but the Mini App’s, and the Mini App Telegram Stars alone', () => {
    expect(gatewayChoices('miniapp').map((choice) => [choice.id, choice.currency, choice.renews])).toEqual([
      ['telegram_stars', 'XTR', true],
    ]);
    expect(gatewayChoices('browser').map((choice) => choice.id)).not.toContain('telegram_stars');
  });

  it('offers the pay page every gateway with what it accepts, and which are available here', () => {
    const choices = gatewayChoices();
    expect(choices.map((choice) => choice.id)).toEqual(['vnpay', 'momo', 'paypal']);
    expect(choices.find((choice) => choice.id === 'vnpay')).toMatchObject({
      available: true,
      currency: 'VND',
      methods: ['qr', 'domestic_card', 'international_card'],
    });
    // PayPal is offered through its local sandbox here (no credentials, not production), in USD.
    expect(choices.find((choice) => choice.id === 'paypal')).toMatchObject({ available: true, currency: 'USD' });
  });

  it('knows no gateway by an unknown id, and its routes answer 404', async () => {
    expect(findGateway('bitcoin')).toBeNull();
    const response = await gatewayRoutes('bitcoin').ipn(
      new NextRequest('http://localhost:3000/api/payments/bitcoin/ipn', { method: 'POST', body: '{}' }),
    );
    expect(response.status).toBe(404);
  });

  it('refuses a callback body over 64 KB before reading it into settlement (413)', async () => {
    const response = await gatewayRoutes('vnpay').ipn(
      new NextRequest('http://localhost:3000/api/payments/vnpay/ipn', { method: 'POST', body: 'x'.repeat(70_000) }),
    );
    expect(response.status).toBe(413);
  });
});
