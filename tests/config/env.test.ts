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

  const building = { NEXT_PHASE: 'phase-production-build' };

  it('builds for a production SITE_URL with no secret at all: secrets are checked when the server starts', () => {
    const env = parseEnv({ ...building, SITE_URL: 'https://pay.example.com' });
    expect(env.isProduction).toBe(true);
    expect(env.PAYLINK_SECRET).toBeUndefined();
    // Public build-time values of a gateway without its secrets.
    expect(() =>
      parseEnv({ ...building, SITE_URL: 'https://pay.example.com', ...{ VNPAY_TMN_CODE: 'ABCD1234' } }),
    ).not.toThrow();
    expect(() =>
      parseEnv({ ...building, SITE_URL: 'https://pay.example.com', NEXT_PUBLIC_PAYPAL_CLIENT_ID: 'client-id' }),
    ).not.toThrow();
    // The same environment is refused at start, naming the variable.
    expect(() => parseEnv({ SITE_URL: 'https://pay.example.com' })).toThrow(/PAYLINK_SECRET is required in production/);
  });

  it('still checks the shape of every value set at build time', () => {
    expect(() => parseEnv({ ...building, SITE_URL: 'https://pay.example.com', PAYLINK_SECRET: 'short' })).toThrow(
      /PAYLINK_SECRET must be at least 32 bytes/,
    );
    expect(() => parseEnv({ ...building, SITE_URL: 'https://pay.example.com', MOMO_ENDPOINT: 'http://x.vn' })).toThrow(
      /MOMO_ENDPOINT must be an https URL in production/,
    );
    expect(() => parseEnv({ ...building, SITE_URL: 'ftp://pay.example.com' })).toThrow(/SITE_URL/);
  });

  it('refuses to start in production on a plain-http SITE_URL, naming SITE_URL', () => {
    expect(() => parseEnv({ SITE_URL: 'http://pay.example.com', PAYLINK_SECRET: 'x'.repeat(32) })).toThrow(
      /SITE_URL must be an https URL in production[\s\S]*ALLOW_HTTP_SITE_URL=1/,
    );
    expect(() =>
      parseEnv({ APP_ENV: 'production', SITE_URL: 'http://localhost:3000', PAYLINK_SECRET: 'x'.repeat(32) }),
    ).toThrow(/SITE_URL must be an https URL in production/);
    // Outside production plain http is the normal local case.
    expect(parseEnv({ SITE_URL: 'http://localhost:3000' }).secureCookies).toBe(false);
  });

  it('starts on a plain-http production SITE_URL only with ALLOW_HTTP_SITE_URL=1', () => {
    const env = parseEnv({
      SITE_URL: 'http://pay.example.com',
      PAYLINK_SECRET: 'x'.repeat(32),
      ALLOW_HTTP_SITE_URL: '1',
    });
    expect(env.isProduction).toBe(true);
    expect(env.secureCookies).toBe(false);
    expect(() =>
      parseEnv({ SITE_URL: 'http://pay.example.com', PAYLINK_SECRET: 'x'.repeat(32), ALLOW_HTTP_SITE_URL: 'yes' }),
    ).toThrow(/ALLOW_HTTP_SITE_URL must be 0 or 1/);
  });

  it('accepts a host name or 0.0.0.0 in HOST, and refuses a literal IP address, naming HOST', () => {
    expect(parseEnv({ HOST: 'localhost' }).HOST).toBe('localhost');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseEnv({ HOST: 'app-1.internal' }).HOST).toBe('app-1.internal');
    for (const host of ['127.0.0.1', '10.0.0.5', 'local host', '-x']) {
      expect(() => parseEnv({ HOST: host })).toThrow(/HOST must be a host name/);
    }
  });

  it('ignores empty strings, as if unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SITE_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });
});
