import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from './scripts/lib/chromium.mjs';
import { serverLogDir } from './scripts/lib/test-logs.mjs';

const port = Number(process.env.E2E_PORT ?? 3300);
const distDir = process.env.NEXT_DIST_DIR ?? '.next-e2e';
const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';
/** Webhook mode: the reference chat backend, and a second site instance that uses it. */
export const webhookE2e = {
  backendPort: port + 1,
  sitePort: port + 2,
  siteDataDir: `${dataDir}-webhook`,
  backendDataDir: `${dataDir}-backend`,
  secret: 'e2e-chat-backend-secret-0123456789abcdef0123',
  /** A third instance whose backend is down (nothing listens on deadBackendPort): the 503 views. */
  downSitePort: port + 3,
  downSiteDataDir: `${dataDir}-backend-down`,
  deadBackendPort: port + 4,
};

// Each server's output goes to a file of its own (npm test prints them in full when a spec fails), so
// the report is not buried in JSON log lines.
const logs = serverLogDir('e2e');
const toLog = (command: string, name: string) => `(${command}) >> '${logs}/${name}.log' 2>&1`;

// Playwright cannot download browsers here: Debian's chromium (same major as 1.64's bundled one).
// Every spec opens its links from one address (127.0.0.1); the per-address limit on link
// exchanges (LINK_RATE_LIMIT, 20 a minute) is proven by tests/server/paylink.test.ts instead. Every
// spec's sampled page views report Web Vitals from that address too, so one client's hourly share of a
// page (VITALS_PAGE_REPORTS_PER_HOUR, 5) is proven by tests/server/web-vitals.test.ts.
const manyLinks = { LINK_RATE_LIMIT: '1000', VITALS_PAGE_REPORTS_PER_HOUR: '1000' };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Budgets, not expectations: every assertion waits for an event (a page, a status, a request), and a
  // machine busy with a second build beside the run may take several times as long to produce it.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // -H localhost, not 127.0.0.1: the latter loops on `/` with a proxy rewrite (vercel/next.js#94745).
      // Idempotent: a bare `next build` is finished (per-page CSP, build marker) before the servers start.
      command: toLog(
        `node scripts/build/after-next-build.mjs && rm -rf ${dataDir} && npx next start -H localhost -p ${port}`,
        `site-${port}`,
      ),
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        NEXT_DIST_DIR: distDir,
        DATA_DIR: dataDir,
        SITE_URL: `http://localhost:${port}`,
        NEXT_TELEMETRY_DISABLED: '1',
        // The start prints an invitation for the console's demo operator into this server's log,
        // where e2e/ops.spec.ts finds it (the server owns its PGlite: no command can invite beside it).
        DEMO_LINKS: '1',
        ...manyLinks,
      },
    },
    {
      // An unsigned health check answers 401, which Playwright counts as "up".
      command: toLog(
        `rm -rf ${webhookE2e.backendDataDir} && npx tsx --conditions=react-server lib/server/cli/backend.ts --port ${webhookE2e.backendPort} --data ${webhookE2e.backendDataDir}`,
        `chat-backend-${webhookE2e.backendPort}`,
      ),
      url: `http://localhost:${webhookE2e.backendPort}/v1/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: { CHAT_BACKEND_SECRET: webhookE2e.secret },
    },
    {
      command: toLog(
        `rm -rf ${webhookE2e.siteDataDir} && npx next start -H localhost -p ${webhookE2e.sitePort}`,
        `site-webhook-${webhookE2e.sitePort}`,
      ),
      url: `http://localhost:${webhookE2e.sitePort}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        NEXT_DIST_DIR: distDir,
        DATA_DIR: webhookE2e.siteDataDir,
        SITE_URL: `http://localhost:${webhookE2e.sitePort}`,
        CHAT_BACKEND_URL: `http://localhost:${webhookE2e.backendPort}`,
        CHAT_BACKEND_SECRET: webhookE2e.secret,
        NEXT_TELEMETRY_DISABLED: '1',
        ...manyLinks,
      },
    },
    {
      // /api/health answers 200 with backend "down": the ledger is up, so the site is ready.
      command: toLog(
        `rm -rf ${webhookE2e.downSiteDataDir} && npx next start -H localhost -p ${webhookE2e.downSitePort}`,
        `site-backend-down-${webhookE2e.downSitePort}`,
      ),
      url: `http://localhost:${webhookE2e.downSitePort}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        NEXT_DIST_DIR: distDir,
        DATA_DIR: webhookE2e.downSiteDataDir,
        SITE_URL: `http://localhost:${webhookE2e.downSitePort}`,
        CHAT_BACKEND_URL: `http://localhost:${webhookE2e.deadBackendPort}`,
        CHAT_BACKEND_SECRET: webhookE2e.secret,
        NEXT_TELEMETRY_DISABLED: '1',
        ...manyLinks,
      },
    },
  ],
});
