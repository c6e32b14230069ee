import type { Refund } from '@/lib/server/ledger/refunds';
import { describeRefund, money, refundLine } from '@/lib/server/cli/refund-text';

/* What `npm run orders` prints about refunds: money, in its currency's own unit, never minor units. */

const refund = (amount: number, currency: Refund['currency']): Refund => ({
  id: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  orderId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  gateway: currency === 'USD' ? 'paypal' : 'vnpay',
  amount,
  currency,
  status: 'succeeded',
  origin: 'site',
  gatewayRef: null,
  reason: 'customer asked',
  requestedBy: 'ops',
  answerCode: '00',
  answerMessage: null,
  createdAt: new Date('2026-11-26T01:00:00Z'),
  settledAt: new Date('2026-11-26T01:00:01Z'),
});

describe('refund amounts in the orders command', () => {
  it('writes 50 US cents as half a dollar and 25,000 dong as 25,000 dong', () => {
    expect(money(50, 'USD')).toBe('$0.50');
    expect(money(25_000, 'VND')).toBe('₫25,000');
  });

  it('prints a refund’s amount as money in its list line and in the answer to the operator', () => {
    expect(refundLine(refund(50, 'USD'))).toContain(' $0.50 ');
    expect(refundLine(refund(25_000, 'VND'))).toContain(' ₫25,000 ');
    const done = describeRefund('a1b2c3d4e5f60718293a4b5c6d7e8f90', {
      ok: true,
      refund: refund(50, 'USD'),
      answer: { state: 'succeeded', gatewayRef: null, code: 'completed' },
    });
    expect(done).toContain('of $0.50 for order');
    expect(done).not.toMatch(/\b50 USD\b/);
  });

  it('says what is still paid as money when a refund is refused for asking too much', () => {
    expect(
      describeRefund('a1b2c3d4e5f60718293a4b5c6d7e8f90', {
        ok: false,
        reason: 'exceeds_paid',
        remaining: 39_000,
        currency: 'VND',
      }),
    ).toContain('(still paid: ₫39,000)');
    expect(
      describeRefund('a1b2c3d4e5f60718293a4b5c6d7e8f90', {
        ok: false,
        reason: 'exceeds_paid',
        remaining: 149,
        currency: 'USD',
      }),
    ).toContain('(still paid: $1.49)');
  });
});
