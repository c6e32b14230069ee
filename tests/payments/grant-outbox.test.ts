import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installDatabase, installDirectory } from '@/lib/server/testing';
import { migrate } from '@/lib/server/db/migrations';
import { openPglite } from '@/lib/server/db/sql';
import { DirectoryUnavailableError, type AccountDirectory } from '@/lib/server/directory';
import { embeddedDirectory } from '@/lib/server/directory/embedded/embedded-directory';
import { seedDemoData } from '@/lib/server/directory/embedded/seed';
import { findOrder } from '@/lib/server/ledger/orders';
import { outboxDepth } from '@/lib/server/ledger/outbox';
import { deliverDueMessages, retryDelayMs, backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';
import { loadPayView } from '@/lib/server/pay/load-pay-view';
import { recordReportedRefund } from '@/lib/server/payments/refunds/reported';
import { addMonths } from '@/lib/pricing/plan-state';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, ipnRequest, pendingTeamOrder, vnpayCallback, vnpayRoutes } from '../support/money';

const reply = async (params: URLSearchParams) =>
  (await vnpayRoutes.ipn(ipnRequest(params))).json() as Promise<{ RspCode: string }>;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** The embedded directory, with `applyGrant` failing as an unreachable backend would while `down()`. */
function flakyDirectory(real: AccountDirectory, down: () => boolean): AccountDirectory & { calls: number } {
  const flaky = {
    ...real,
    calls: 0,
    applyGrant: async (grant: Parameters<AccountDirectory['applyGrant']>[0]) => {
      flaky.calls += 1;
      if (down()) throw new DirectoryUnavailableError('backend unreachable');
      return real.applyGrant(grant);
    },
  };
  return flaky;
}

describe.each(storeKinds)('grants through the outbox on %s', (kind) => {
  const store = useTestStore(kind);
  const teamExpiry = async () => (await store().directory.payContext(alice))!.team!.planExpiresAt!.toISOString();

  it('delivers the grant right after acknowledging the IPN: the payer sees success, the outbox is empty', async () => {
    const before = (await store().directory.payContext(alice))!.team!.planExpiresAt!;
    const order = await pendingTeamOrder();
    expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '00' });
    await backgroundDeliveriesFinished();
    expect(await teamExpiry()).toBe(addMonths(before, 7).toISOString());
    expect(await outboxDepth(store().sql)).toBe(0);
    expect((await findOrder(store().sql, order.id))?.granted).toBe(true);
  });

  it('grants every seat of the blocks paid for, even for an order stored with a partial block', async () => {
    const delivered: Array<Parameters<AccountDirectory['applyGrant']>[0]> = [];
    const real = store().directory;
    installDirectory({ ...real, applyGrant: (grant) => (delivered.push(grant), real.applyGrant(grant)) });
    // Stored before whole blocks: 25 seats asked, 3 blocks paid.
    const order = await pendingTeamOrder({ seats: 25 });
    expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '00' });
    await backgroundDeliveriesFinished();
    // What the directory (in webhook mode, the assistant's backend) is told, and what the team holds.
    expect(delivered.map((grant) => ('seats' in grant ? grant.seats : null))).toEqual([30]);
    expect((await store().directory.payContext(alice))!.team!.seats).toBe(30);
  });

  it('acknowledges IPNs while the directory is down, shows "processing", then delivers every grant exactly once when it is back', async () => {
    let down = true;
    const directory = flakyDirectory(store().directory, () => down);
    installDirectory(directory);
    const before = (await store().directory.payContext(alice))!.team!.planExpiresAt!;
    const order = await pendingTeamOrder();

    expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '00' });
    expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '02' });
    expect((await findOrder(store().sql, order.id))?.status).toBe('paid');
    expect(await loadPayView(alice, { status: 'success', order: order.id }, new Date())).toMatchObject({
      result: { status: 'processing' },
    });
    expect(await teamExpiry()).toBe(before.toISOString());
    expect(await outboxDepth(store().sql)).toBe(1);

    // Still down at the next round: the attempt is recorded, nothing changes.
    expect(await deliverDueMessages(later(60))).toEqual({ delivered: 0, failed: 1 });
    down = false;
    expect(await deliverDueMessages(later(120))).toEqual({ delivered: 1, failed: 0 });
    expect(await deliverDueMessages(later(180))).toEqual({ delivered: 0, failed: 0 });
    expect(await teamExpiry()).toBe(addMonths(before, 7).toISOString());
    expect(await loadPayView(alice, { status: 'success', order: order.id }, new Date())).toMatchObject({
      result: { status: 'success' },
    });
    expect(await outboxDepth(store().sql)).toBe(0);
  });

  it('answers the IPN without waiting for a backend that hangs, and delivers the grant when the backend answers', async () => {
    let release!: () => void;
    const backendAnswers = new Promise<void>((resolve) => (release = resolve));
    const real = store().directory;
    let applied = 0;
    installDirectory({
      ...real,
      applyGrant: async (grant) => {
        await backendAnswers;
        applied += 1;
        return real.applyGrant(grant);
      },
    });
    const before = await teamExpiry();
    const order = await pendingTeamOrder();

    // If the acknowledgement waited for the backend it would never come: the backend answers only below.
    const started = Date.now();
    const acknowledged = await Promise.race([
      reply(vnpayCallback(order)),
      new Promise<'waited for the backend'>((resolve) => setTimeout(resolve, 3_000, 'waited for the backend')),
    ]);
    expect(acknowledged).toMatchObject({ RspCode: '00' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await findOrder(store().sql, order.id))?.status).toBe('paid');
    expect(await teamExpiry()).toBe(before);

    release();
    await backgroundDeliveriesFinished();
    expect(applied).toBe(1);
    expect(await teamExpiry()).not.toBe(before);
    expect((await findOrder(store().sql, order.id))?.granted).toBe(true);
    expect(await outboxDepth(store().sql)).toBe(0);
  });

  it('applies a refund only after its order’s grant: an order paid while the directory was down and refunded in full before its grant got through leaves nothing granted', async () => {
    let down = true;
    const real = store().directory;
    const applied: string[] = [];
    installDirectory({
      ...real,
      applyGrant: async (grant) => {
        if (down) throw new DirectoryUnavailableError('backend unreachable');
        applied.push(`grant ${grant.orderId}`);
        return real.applyGrant(grant);
      },
      applyRevocation: async (revocation) => {
        applied.push(`revocation ${revocation.orderId}`);
        return real.applyRevocation(revocation);
      },
    });
    const before = new Date(await teamExpiry()).getTime();
    const order = await pendingTeamOrder();
    expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '00' });
    await backgroundDeliveriesFinished();

    // The directory is back, but the grant waits out its back-off; the order is refunded in full meanwhile.
    down = false;
    const reported = { gatewayRef: 'refund:14400077', amount: order.amount, requestId: null };
    const refund = { orderId: order.id, gateway: 'vnpay', reported, reason: 'portal', now: new Date() };
    expect(await recordReportedRefund(refund)).toBe('recorded');
    expect(applied).toEqual([]);
    expect(await outboxDepth(store().sql)).toBe(2);

    // Two deliverers at once, as two instances would run them: the grant, then the revocation, each once.
    await Promise.all([deliverDueMessages(later(60)), deliverDueMessages(later(60))]);
    expect(applied).toEqual([`grant ${order.id}`, `revocation ${order.id}`]);
    expect(await outboxDepth(store().sql)).toBe(0);
    const after = new Date(await teamExpiry()).getTime();
    // What the order bought is gone (month lengths differ by at most a day between the grant's and the refund's count).
    expect(Math.abs(after - before)).toBeLessThanOrEqual(86_400_000);
  });

  it('keeps a refund’s revocation waiting while its order’s grant is undelivered, however often the deliverer runs', async () => {
    const directory = flakyDirectory(store().directory, () => true);
    let revoked = 0;
    installDirectory({ ...directory, applyRevocation: async () => ((revoked += 1), { status: 'not_found' }) });
    const order = await pendingTeamOrder();
    await reply(vnpayCallback(order));
    await backgroundDeliveriesFinished();
    const reported = { gatewayRef: 'refund:14400078', amount: 100_000, requestId: null };
    await recordReportedRefund({ orderId: order.id, gateway: 'vnpay', reported, reason: 'portal', now: new Date() });
    for (const minutes of [60, 120, 180]) await deliverDueMessages(later(minutes));
    expect(revoked).toBe(0);
    expect(await outboxDepth(store().sql)).toBe(2);
  });

  it('does not retry a failed delivery before its back-off has passed', async () => {
    const directory = flakyDirectory(store().directory, () => true);
    installDirectory(directory);
    await reply(vnpayCallback(await pendingTeamOrder()));
    await backgroundDeliveriesFinished();
    const callsAfterSettlement = directory.calls;
    expect(await deliverDueMessages(new Date())).toEqual({ delivered: 0, failed: 0 });
    expect(directory.calls).toBe(callsAfterSettlement);
  });
});

describe('retry back-off', () => {
  it('grows with the attempts, is capped at ten minutes, and is jittered', () => {
    expect(retryDelayMs(0, () => 0.999)).toBeLessThanOrEqual(2_000);
    expect(retryDelayMs(5, () => 0.999)).toBeGreaterThan(retryDelayMs(1, () => 0.999));
    expect(retryDelayMs(50, () => 0.999)).toBeLessThanOrEqual(600_000);
    expect(retryDelayMs(5, () => 0.1)).toBeLessThan(retryDelayMs(5, () => 0.9));
  });
});

describe('grants survive a restart', () => {
  it('delivers outbox rows left undelivered by a process that stopped, after the database is opened again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quorum-outbox-'));
    try {
      const first = await openPglite(dir);
      await migrate(first);
      await seedDemoData(first);
      installDatabase(Promise.resolve({ sql: first }));
      installDirectory(flakyDirectory(embeddedDirectory(first), () => true));
      const before = (await embeddedDirectory(first).payContext(alice))!.team!.planExpiresAt!;
      const order = await pendingTeamOrder();
      expect(await reply(vnpayCallback(order))).toMatchObject({ RspCode: '00' });
      await first.close();

      const second = await openPglite(dir);
      installDatabase(Promise.resolve({ sql: second }));
      installDirectory(undefined);
      expect(await outboxDepth(second)).toBe(1);
      expect(await deliverDueMessages(later(60))).toEqual({ delivered: 1, failed: 0 });
      const after = (await embeddedDirectory(second).payContext(alice))!.team!.planExpiresAt!;
      expect(after.toISOString()).toBe(addMonths(before, 7).toISOString());
      await second.close();
    } finally {
      installDatabase(undefined);
      installDirectory(undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
