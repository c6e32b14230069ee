import { parseEnv } from '@/lib/server/env';

describe('environment validation', () => {
  it('runs on embedded defaults with nothing set', () => {
    const env = parseEnv({});
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.DATA_DIR).toBe('.data');
    expect(env.isProduction).toBe(false);
  });

  it('defaults SITE_URL to this machine on PORT, not on a hard-coded 3000', () => {
    expect(parseEnv({ PORT: '3456' }).SITE_URL).toBe('http://localhost:3456');
    expect(parseEnv({ PORT: '3456', SITE_URL: 'http://localhost:9999' }).SITE_URL).toBe('http://localhost:9999');
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT must be a port number/);
  });

  it('names each bad variable in one message', () => {
    expect(() => parseEnv({ SITE_URL: 'ftp://x', PAYLINK_SECRET: 'short', SUPPORT_EMAIL: 'nope' })).toThrow(
      /SITE_URL[\s\S]*PAYLINK_SECRET must be at least 32 bytes[\s\S]*SUPPORT_EMAIL/,
    );
  });

  it('treats a public SITE_URL as production and then requires PAYLINK_SECRET', () => {
    expect(() => parseEnv({ SITE_URL: 'https://quorum.example' })).toThrow(/PAYLINK_SECRET is required in production/);
    const env = parseEnv({ SITE_URL: 'https://quorum.example/', PAYLINK_SECRET: 'x'.repeat(32) });
    expect(env.isProduction).toBe(true);
    expect(env.SITE_URL).toBe('https://quorum.example');
  });

  it('lets APP_ENV override the guess from SITE_URL', () => {
    expect(parseEnv({ SITE_URL: 'https://staging.quorum.example', APP_ENV: 'development' }).isProduction).toBe(false);
    expect(() => parseEnv({ APP_ENV: 'production' })).toThrow(/PAYLINK_SECRET/);
  });

  it('requires both VNPay credentials or neither', () => {
    expect(() => parseEnv({ VNPAY_TMN_CODE: 'ABCD1234' })).toThrow(/VNPAY_HASH_SECRET/);
  });

  const production = { SITE_URL: 'https://quorum.example', PAYLINK_SECRET: 'x'.repeat(32) };
  const vnpay = { VNPAY_TMN_CODE: 'ABCD1234', VNPAY_HASH_SECRET: 'h'.repeat(32) };

  it.each([
    ['CHAT_BACKEND_URL', { CHAT_BACKEND_URL: 'http://backend.internal', CHAT_BACKEND_SECRET: 's'.repeat(32) }],
    [
      'VNPAY_PAYMENT_URL',
      { ...vnpay, VNPAY_PAYMENT_URL: 'http://pay.vnpay.vn/vpcpay.html', VNPAY_API_URL: 'https://x.vn' },
    ],
    ['MOMO_ENDPOINT', { MOMO_ENDPOINT: 'http://payment.momo.vn' }],
    ['PAYPAL_API_BASE', { PAYPAL_API_BASE: 'http://api-m.paypal.com' }],
  ])('refuses to start in production with a plain-http %s, naming it', (name, settings) => {
    expect(() => parseEnv({ ...production, ...settings })).toThrow(
      new RegExp(`${name} must be an https URL in production`),
    );
    // The same URL is fine outside production (local stand-ins, tests).
    expect(() => parseEnv({ ...settings })).not.toThrow();
  });

  it('gives a configured gateway no sandbox endpoint in production: the deployer names each one', () => {
    expect(() => parseEnv({ ...production, ...vnpay })).toThrow();
    expect(() => parseEnv({ ...production, ...vnpay })).toThrow(
      /VNPAY_API_URL is required in production with VNPAY_TMN_CODE/,
    );
    const live = parseEnv({
      ...production,
      ...vnpay,
      VNPAY_PAYMENT_URL: 'https://pay.vnpay.vn/vpcpay.html',
      VNPAY_API_URL: 'https://merchant.vnpay.vn/merchant_webapi/api/transaction',
    });
    expect(live.VNPAY_PAYMENT_URL).toBe('https://pay.vnpay.vn/vpcpay.html');
    // Outside production an unnamed endpoint is the gateway's own sandbox.
    expect(parseEnv({ ...vnpay }).VNPAY_PAYMENT_URL).toBe('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html');
    expect(parseEnv({}).PAYPAL_API_BASE).toBe('https://api-m.sandbox.paypal.com');
  });

  it('ignores empty strings, as if unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SITE_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });
});
