// Refunds with the real processes an operator runs (docs/payments.md#refunds): one `next start` on
// PostgreSQL with the VNPay sandbox, a payment made through its page, and `npm run orders -- refund`
// as a child process — two at once, and one killed with SIGKILL after VNPay refunded but before its
// answer was committed, which `npm run reconcile` then finishes, once.
//   node --test tests/integration/      (npm test runs it after the build)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import {
  holdRows,
  missingPrerequisite,
  root,
  SECRET,
  sessionCookie,
  startInstance,
  waitFor,
} from './support/cluster.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3300) + 20;
const skip = missingPrerequisite({ nginx: false });
if (skip && process.env.CI) throw new Error(`refunds test cannot run in CI: ${skip}`);

describe('refunds from the operator’s command line', { skip: skip ?? false, timeout: 240_000 }, () => {
  const database = `quorum_refund_${randomUUID().slice(0, 8)}`;
  const site = `http://localhost:${PORT}`;
  let admin;
  let db;
  let instance;
  let env;

  before(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    db = new pg.Pool({ connectionString: url.href, max: 3 });
    env = { DATABASE_URL: url.href, SITE_URL: site, DATA_DIR: `.data-it-${database}` };
    instance = await startInstance({ port: PORT, env });
  });

  after(async () => {
    instance?.kill();
    await db?.end();
    await new Promise((r) => setTimeout(r, 500));
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin?.end();
  });

  /** A Team Pro order paid on the VNPay sandbox's page, as a payer would; its id. */
  async function paidOrder() {
    const cookie = await sessionCookie({ sub: '1001', team: '-1002001' });
    const checkout = await fetch(`${site}/api/checkout`, {
      method: 'POST',
      // A key of its own: each payment here is a new checkout, not a repeat of the last one.
      headers: { 'content-type': 'application/json', origin: site, cookie, 'idempotency-key': `it-${randomUUID()}` },
      body: JSON.stringify({ plan: 'team_pro', period: 'period1', seats: 30, gateway: 'vnpay', method: 'qr' }),
    });
    assert.equal(checkout.status, 200, await checkout.clone().text());
    const { redirectUrl } = await checkout.json();
    const payment = new URL(redirectUrl).search.slice(1);
    const approved = await fetch(`${site}/api/payments/vnpay/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site },
      body: new URLSearchParams({ payment, action: 'approve' }).toString(),
      redirect: 'manual',
    });
    assert.equal(approved.status, 303);
    const orderId = new URL(redirectUrl).searchParams.get('vnp_TxnRef');
    await waitFor(
      async () => (await db.query('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0]?.status === 'paid',
      'the order to be paid',
    );
    return orderId;
  }

  /** An operator's command (`npm run orders -- …`, `npm run reconcile`), as its own process. */
  function command(script, args) {
    const child = spawn(
      join(root, 'node_modules/.bin/tsx'),
      ['--conditions=react-server', `lib/server/cli/${script}.ts`, ...args],
      // Its own process group: tsx runs the command in a child process, which a kill must reach too.
      { cwd: root, env: { ...process.env, ...env, PAYLINK_SECRET: SECRET }, detached: true },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const done = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, output })));
    return { child, done, output: () => output };
  }

  const refunds = async (orderId) =>
    (await db.query('SELECT id, status, amount FROM refunds WHERE order_id = $1 ORDER BY created_at', [orderId])).rows;
  const sandboxRecord = async (orderId) =>
    (await db.query(`SELECT payment FROM gateway_sandbox WHERE gateway = 'vnpay-sandbox' AND ref = $1`, [orderId]))
      .rows[0]?.payment;

  it('two operators refunding one order at once refund it once', async () => {
    const orderId = await paidOrder();
    const [first, second] = await Promise.all([
      command('orders', ['refund', orderId, '--reason', 'asked twice', '--by', 'ann']).done,
      command('orders', ['refund', orderId, '--reason', 'asked twice', '--by', 'bob']).done,
    ]);
    assert.deepEqual([first.code, second.code].sort(), [0, 1], `${first.output}\n${second.output}`);
    const refused = first.code === 1 ? first : second;
    assert.match(refused.output, /waiting for the gateway|everything paid has been refunded already/);
    const rows = await refunds(orderId);
    assert.deepEqual(
      rows.map((r) => [r.status, Number(r.amount)]),
      [['succeeded', 6_300_000]],
    );
    assert.equal((await sandboxRecord(orderId)).refunded, '6300000');
  });

  it('a refund killed after VNPay refunded, before its answer was committed, is finished by reconciliation, once', async () => {
    const orderId = await paidOrder();
    const expiry = async () =>
      (
        await db.query(`SELECT plan_expires_at FROM teams WHERE team_id = '-1002001'`)
      ).rows[0].plan_expires_at.getTime();
    await waitFor(
      async () => (await db.query('SELECT count(*)::int AS n FROM outbox WHERE delivered_at IS NULL')).rows[0].n === 0,
      'the grant to be applied',
    );
    const granted = await expiry();

    // Where a crash hurts most: VNPay has refunded, our record of its answer is not committed. The
    // command is held there with row locks only it needs: VNPay's record of the payment (so the
    // refund is recorded as requested before VNPay acts), then the refund's own row (so VNPay's
    // answer cannot be written), and killed.
    const gatewayRow = await holdRows(
      db,
      `SELECT 1 FROM gateway_sandbox WHERE gateway = 'vnpay-sandbox' AND ref = $1 FOR UPDATE`,
      [orderId],
    );
    const refund = command('orders', ['refund', orderId, '--reason', 'killed', '--by', 'ops']);
    let refundId;
    await waitFor(async () => {
      refundId = (await refunds(orderId))[0]?.id;
      return refundId !== undefined;
    }, 'the refund to be recorded as requested');
    const refundRow = await holdRows(db, 'SELECT 1 FROM refunds WHERE id = $1 FOR UPDATE', [refundId]);
    await gatewayRow.release();
    await waitFor(async () => (await sandboxRecord(orderId)).refunded === '6300000', 'VNPay to refund');
    await waitFor(async () => (await refundRow.waiters()).length > 0, 'the command to wait to record VNPay’s answer');
    process.kill(-refund.child.pid, 'SIGKILL');
    assert.equal((await refund.done).signal, 'SIGKILL');
    await refundRow.release();
    assert.deepEqual(
      (await refunds(orderId)).map((r) => r.status),
      ['requested'],
      'the answer was never recorded',
    );

    // Reconciliation asks after a grace period: as if it had passed.
    await db.query(`UPDATE refunds SET created_at = created_at - interval '10 minutes' WHERE order_id = $1`, [orderId]);
    const first = await command('reconcile', []).done;
    assert.equal(first.code, 0, first.output);
    assert.match(first.output, /refunds: ours finished 1/);
    const second = await command('reconcile', []).done;
    assert.match(second.output, /refunds: ours finished 0/);

    assert.deepEqual(
      (await refunds(orderId)).map((r) => [r.status, Number(r.amount)]),
      [['succeeded', 6_300_000]],
    );
    const record = await sandboxRecord(orderId);
    assert.equal(record.refunded, '6300000');
    assert.equal(record.refundRequests.split(',').length, 1, 'VNPay was asked once');
    const revocations = await db.query(`SELECT delivered_at FROM outbox WHERE order_id = $1 AND kind = 'revocation'`, [
      orderId,
    ]);
    assert.equal(revocations.rows.length, 1);
    await waitFor(async () => (await expiry()) < granted, 'the team to lose the refunded months');
  });

  it('the payer sees the command line’s refund in the history and as a credit note on the receipt, in Vietnamese and in Urdu', async () => {
    const orderId = await paidOrder();
    const partial = await command('orders', ['refund', orderId, '--amount', '700000', '--reason', 'goodwill']).done;
    assert.equal(partial.code, 0, partial.output);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const [name, value] = (await sessionCookie({ sub: '1001', team: '-1002001' })).split('=');
      await context.addCookies([{ name, value, url: site }]);
      const page = await context.newPage();

      await page.goto(`${site}/vi/pay`);
      await page.getByTestId('payment-history').locator('summary').click();
      const row = page.locator(`tr[data-status="partly_refunded"]`).first();
      await row.waitFor();
      assert.match(await row.innerText(), /Đã hoàn một phần/);
      assert.match(await row.getByTestId('refunded-on').innerText(), /^Đã hoàn 700\.000\s?₫ ngày /);
      await row.getByRole('link').click();
      const note = page.getByTestId('credit-note');
      await note.waitFor();
      assert.match(await note.innerText(), /Biên lai hoàn tiền/);
      assert.match(await note.getByTestId('credit-note-total').innerText(), /700\.000/);

      await page.goto(`${site}/ur/pay?receipt=${orderId}`);
      const urdu = page.getByTestId('credit-note');
      await urdu.waitFor();
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
      assert.match(await urdu.innerText(), /رقم کی واپسی کی رسید/);
    } finally {
      await browser.close();
    }
  });
});
