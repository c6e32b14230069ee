import { queryPack } from '@/lib/pricing/catalogue';
import { packDraft } from '@/lib/pricing/pack-draft';
import { packExpiry } from '@/lib/pricing/pack-quote';

const now = new Date('2026-11-28T10:00:00Z');
const vnpay = { name: 'VNPay', currency: 'VND' as const, min: 5_000, max: 1_000_000_000 };
const paypal = { name: 'PayPal', currency: 'USD' as const, min: 100, max: 1_000_000 };

describe('the pack form’s rules (packDraft)', () => {
  it('prices the quantity with the catalogue in the gateway’s currency, until the packs’ expiry', () => {
    const draft = packDraft({ quantity: '3', gateway: vnpay, currency: 'USD', now });
    expect(draft.priced).toMatchObject({ amount: 3 * queryPack.price.VND, currency: 'VND', queries: 300 });
    expect(draft.priced?.expiresAt).toEqual(packExpiry(now));
    expect(draft.canPay).toBe(true);
  });

  it('quotes in the locale’s currency while no gateway is chosen, and cannot be paid then', () => {
    const draft = packDraft({ quantity: '1', gateway: null, currency: 'USD', now });
    expect(draft.priced?.amount).toBe(queryPack.price.USD);
    expect(draft.canPay).toBe(false);
  });

  it.each(['', '0', '-1', '1.5', 'two', String(queryPack.maxQuantity + 1)])(
    'holds “%s” packs invalid, with no price',
    (quantity) => {
      const draft = packDraft({ quantity, gateway: vnpay, currency: 'VND', now });
      expect(draft).toMatchObject({ quantityInvalid: true, priced: null, canPay: false });
    },
  );

  it('refuses an amount below the gateway’s minimum and names the fewest packs it takes', () => {
    const draft = packDraft({ quantity: '1', gateway: paypal, currency: 'USD', now });
    expect(draft.refusal).toEqual({
      code: 'below_gateway_min',
      gateway: 'PayPal',
      min: 100,
      currency: 'USD',
      fewest: 2,
    });
    expect(draft.canPay).toBe(false);
    expect(packDraft({ quantity: '2', gateway: paypal, currency: 'USD', now }).canPay).toBe(true);
  });

  it('names no fewest packs when even the most on sale stay below the minimum', () => {
    const draft = packDraft({ quantity: '1', gateway: { ...paypal, min: 100_000 }, currency: 'USD', now });
    expect(draft.refusal).toMatchObject({ code: 'below_gateway_min', fewest: null });
  });

  it('refuses an amount above the gateway’s maximum', () => {
    const draft = packDraft({ quantity: '10', gateway: { ...vnpay, max: 100_000 }, currency: 'VND', now });
    expect(draft.refusal).toEqual({ code: 'above_gateway_max', max: 100_000, currency: 'VND' });
  });
});
