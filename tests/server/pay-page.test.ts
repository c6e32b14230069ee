import { GET as health } from '@/app/api/health/route';
import { installDatabase } from '@/lib/server/db';
import { loadPayPage } from '@/lib/server/pay-page';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, carol, pendingTeamOrder, vnpayCallback, ipnRequest, vnpayRoutes } from '../support/money';

describe.each(storeKinds)('the pay page on %s', (kind) => {
  const store = useTestStore(kind);
  const now = new Date();

  it('shows failed0 and no account data without a session or for an account that does not exist', async () => {
    expect(await loadPayPage(null, {}, now)).toEqual({ kind: 'result', result: { status: 'failed', code: 'failed0' } });
    expect(await loadPayPage({ platform: 'telegram', userId: '404' }, {}, now)).toEqual({
      kind: 'result',
      result: { status: 'failed', code: 'failed0' },
    });
  });

  it('shows the account, and the team only when the account belongs to it', async () => {
    const page = await loadPayPage(alice, {}, now);
    expect(page.kind === 'form' && page.context.team?.name).toBe('Acme Growth');
    const outsider = await loadPayPage({ ...carol, teamId: '-1002001' }, {}, now);
    expect(outsider.kind === 'form' && outsider.context.team).toBeNull();
  });

  it('never shows success from the query alone: only a stored paid order does', async () => {
    const order = await pendingTeamOrder();
    expect(await loadPayPage(alice, { status: 'success', order: order.id }, now)).toMatchObject({
      result: { status: 'processing' },
    });
    await vnpayRoutes.ipn(ipnRequest(vnpayCallback(order)));
    expect(await loadPayPage(alice, { status: 'success', order: order.id }, now)).toMatchObject({
      result: { status: 'success' },
    });
    expect(await loadPayPage(alice, { status: 'success' }, now)).toMatchObject({ kind: 'form' });
  });

  it('health answers 200 while the store answers and 503 when it does not', async () => {
    expect((await health()).status).toBe(200);
    installDatabase(Promise.reject(new Error('down')));
    const down = await health();
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable' });
    installDatabase(Promise.resolve(store()));
  });
});
