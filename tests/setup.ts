import '@testing-library/jest-dom';

// Server modules read configuration through lib/server/env.ts; tests run as a local, non-production site.
process.env.PAYLINK_SECRET ??= 'test-only-paylink-secret-with-32-bytes-or-more';
process.env.SITE_URL ??= 'http://localhost:3000';
