import '@testing-library/jest-dom';

// Server modules read configuration through lib/server/env.ts; tests run as a local, non-production site.
process.env.PAYLINK_SECRET ??= 'test-only-paylink-secret-with-32-bytes-or-more';
process.env.SITE_URL ??= 'http://localhost:3000';
// The JSON logs (lib/server/observability/log.ts) are for operators; tests assert on behaviour.
process.env.LOG_LEVEL ??= 'silent';

// The server logs each callback and refusal for operators; in tests that is noise around the assertions.
beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
