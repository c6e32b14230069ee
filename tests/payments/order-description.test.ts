import type { Order } from '@/lib/server/ledger/types';
import { paymentUrl } from '@/lib/server/payments/vnpay/payment-url';
import type { VnpayConfig } from '@/lib/server/payments/vnpay/config';
import { createRequest } from '@/lib/server/payments/momo/client';
import type { MomoConfig } from '@/lib/server/payments/momo/config';

const order = (overrides: Partial<Order>): Order =>
  ({
    id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    plan: 'team_pro',
    period: 'period1',
    months: 7,
    seats: 25,
    amount: 6_300_000,
    currency: 'VND',
    locale: 'vi',
    method: 'qr',
    clientIp: '203.0.113.7',
    createdAt: new Date('2026-11-22T10:30:00Z'),
    ...overrides,
  }) as Order;

const vnpay: VnpayConfig = {
  mode: 'live',
  tmnCode: 'DEMOV210',
  hashSecret: 'VNPAYTESTSECRETKEY0123456789ABCD',
  paymentUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
  apiUrl: 'https://sandbox.vnpayment.vn/merchant_webapi/api/transaction',
  returnUrl: 'https://quorum.example/api/payments/vnpay/return',
};
const momo = {
  partnerCode: 'MOMO',
  accessKey: 'F8BBA842ECF85',
  secretKey: 'K951B6PE1waDMi640xX08PD3vg6EkVlz',
  redirectUrl: 'https://quorum.example/api/payments/momo/return',
  ipnUrl: 'https://quorum.example/api/payments/momo/ipn',
} as MomoConfig;

const vnpOrderInfo = (o: Order) => new URL(paymentUrl(o, vnpay)).searchParams.get('vnp_OrderInfo');

describe('the order description a gateway shows the payer', () => {
  it('VNPay: says what was bought in Vietnamese without accents, letters, digits and spaces only', () => {
    expect(vnpOrderInfo(order({}))).toBe('Quorum AI Team Pro 7 thang nhom 25 nguoi');
    expect(vnpOrderInfo(order({ plan: 'individual_pro', period: 'period0', months: 1, seats: null }))).toBe(
      'Quorum AI Individual Pro 1 thang',
    );
    expect(vnpOrderInfo(order({ period: 'period3', months: 0, seats: 30 }))).toBe(
      'Quorum AI Team Pro nhom 30 nguoi den ngay het han hien tai',
    );
  });

  it('MoMo: says it in the words of the payer’s language (Vietnamese without accents, else English), in ASCII', () => {
    expect(createRequest(order({}), momo, 'r1').orderInfo).toBe('Quorum AI - Team Pro, 7 thang, nhom 25 nguoi');
    expect(createRequest(order({ locale: 'en', months: 12, period: 'period2' }), momo, 'r1').orderInfo).toBe(
      'Quorum AI - Team Pro, 12 months, team of 25',
    );
    expect(
      createRequest(order({ locale: 'de', plan: 'individual_pro', months: 1, seats: null }), momo, 'r1').orderInfo,
    ).toBe('Quorum AI - Individual Pro, 1 month');
  });

  it('names no internal id: neither the order id nor the plan and period codes', () => {
    const texts = [vnpOrderInfo(order({})), createRequest(order({ locale: 'en' }), momo, 'r1').orderInfo];
    for (const text of texts) {
      expect(text).not.toContain('a1b2');
      expect(text).not.toMatch(/team_pro|period\d/);
      expect(text).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});
