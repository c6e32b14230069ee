import { paymentUrl, safeOrderInfo, vnpayDate } from '@/lib/server/payments/vnpay/payment-url';
import { sign, signedData, verify } from '@/lib/server/payments/vnpay/signature';
import type { VnpayConfig } from '@/lib/server/payments/vnpay/config';
import type { Order } from '@/lib/server/ledger/types';
import { pipeData, pipeSign, pipeVerify, REQUEST_FIELDS } from '@/lib/server/payments/vnpay/querydr';

const config: VnpayConfig = {
  mode: 'live',
  tmnCode: 'DEMOV210',
  hashSecret: 'VNPAYTESTSECRETKEY0123456789ABCD',
  paymentUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
  apiUrl: 'https://sandbox.vnpayment.vn/merchant_webapi/api/transaction',
  returnUrl: 'https://quorum.example/api/payments/vnpay/return',
};

const order = {
  id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  plan: 'individual_pro',
  period: 'period0',
  amount: 49_000,
  locale: 'vi',
  method: 'qr',
  clientIp: '203.0.113.7',
  createdAt: new Date('2026-11-22T10:30:00Z'),
} as Order;

describe('VNPay payment URL v2.1.0', () => {
  // Independently computed with Python (urllib.parse.quote_plus + hmac/sha512) from the same fields.
  const goldenQuery =
    'vnp_Amount=4900000&vnp_BankCode=VNPAYQR&vnp_Command=pay&vnp_CreateDate=20261122173000&vnp_CurrCode=VND' +
    '&vnp_ExpireDate=20261122174500&vnp_IpAddr=203.0.113.7&vnp_Locale=vn' +
    '&vnp_OrderInfo=Quorum+AI+individual+pro+period0+order+a1b2&vnp_OrderType=other' +
    '&vnp_ReturnUrl=https%3A%2F%2Fquorum.example%2Fapi%2Fpayments%2Fvnpay%2Freturn&vnp_TmnCode=DEMOV210' +
    '&vnp_TxnRef=a1b2c3d4e5f60718293a4b5c6d7e8f90&vnp_Version=2.1.0';
  const goldenHash =
    'e241fee8b2617c0071e5d58d3223e1ae91d9e04cd4c11ef357ed1fa91c27f942fbbd47fc03fb33668a52db6b392702044f6a78f90be388c9091819a6ff5847a4';

  it('matches the golden vector: sorted, form-encoded, amount ×100, GMT+7 dates, hash last', () => {
    const fields = Object.fromEntries(new URLSearchParams(goldenQuery));
    fields.vnp_OrderInfo = 'Quorum AI individual pro period0 order a1b2';
    expect(signedData(fields)).toBe(goldenQuery);
    expect(sign(fields, config.hashSecret)).toBe(goldenHash);
  });

  it('builds a URL whose every field VNPay requires is present and whose hash verifies', () => {
    const url = new URL(paymentUrl(order, config));
    const fields = Object.fromEntries(url.searchParams);
    expect(fields).toMatchObject({
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_Amount: '4900000',
      vnp_CurrCode: 'VND',
      vnp_CreateDate: '20261122173000',
      vnp_ExpireDate: '20261122174500',
      vnp_Locale: 'vn',
      vnp_BankCode: 'VNPAYQR',
    });
    expect(fields.vnp_SecureHashType).toBeUndefined();
    expect(url.search.endsWith(`&vnp_SecureHash=${fields.vnp_SecureHash}`)).toBe(true);
    expect(verify(fields, config.hashSecret)).toBe(true);
  });

  it('writes GMT+7 dates whatever the server time zone', () => {
    const original = process.env.TZ;
    const results = ['UTC', 'Asia/Ho_Chi_Minh', 'America/Los_Angeles'].map((zone) => {
      process.env.TZ = zone;
      return vnpayDate(new Date('2026-12-31T20:15:09Z'));
    });
    process.env.TZ = original;
    expect(results).toEqual(['20270101031509', '20270101031509', '20270101031509']);
  });

  it('keeps OrderInfo to letters, digits and spaces', () => {
    expect(safeOrderInfo('Gói Pro: 7 tháng & <b>!')).toBe('G i Pro 7 th ng b');
  });
});

describe('VNPay querydr signature (golden vector, computed independently with Python hmac)', () => {
  const request = {
    vnp_RequestId: 'req1',
    vnp_Version: '2.1.0',
    vnp_Command: 'querydr',
    vnp_TmnCode: 'QUORUMSB',
    vnp_TxnRef: 'abc123',
    vnp_TransactionDate: '20261122173000',
    vnp_CreateDate: '20261122180000',
    vnp_IpAddr: '127.0.0.1',
    vnp_OrderInfo: 'Query order abc123',
  };

  it('hashes the |-joined fields in the documented order with HMAC-SHA512', () => {
    expect(pipeData(REQUEST_FIELDS, request)).toBe(
      'req1|2.1.0|querydr|QUORUMSB|abc123|20261122173000|20261122180000|127.0.0.1|Query order abc123',
    );
    expect(pipeSign(REQUEST_FIELDS, request, 'SECRETKEY0123456789')).toBe(
      '9bb82c7735deb8dfd53b219d01b2dbc4a77ea24236863bbbd3a154c360097582a8eabddb998772fef325e11ef643f1683d4b48789cd21937e51bc866ecaf90df',
    );
  });

  it('verifies only a present, well-formed, matching hash', () => {
    const signed = { ...request, vnp_SecureHash: pipeSign(REQUEST_FIELDS, request, 'SECRETKEY0123456789') };
    expect(pipeVerify(REQUEST_FIELDS, signed, 'SECRETKEY0123456789')).toBe(true);
    expect(pipeVerify(REQUEST_FIELDS, { ...signed, vnp_TxnRef: 'abc124' }, 'SECRETKEY0123456789')).toBe(false);
    expect(pipeVerify(REQUEST_FIELDS, request, 'SECRETKEY0123456789')).toBe(false);
    expect(pipeVerify(REQUEST_FIELDS, { ...request, vnp_SecureHash: 'zz' }, 'SECRETKEY0123456789')).toBe(false);
  });
});
