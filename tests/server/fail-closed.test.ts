import { GET as health } from '@/app/api/health/route';
import { POST as checkout } from '@/app/api/checkout/route';
import { installDatabase } from '@/lib/server/testing';
import { UnavailableError } from '@/lib/server/unavailable';
import { useTestStore } from '../support/stores';
import { alice, checkoutPost, ipnRequest, pendingTeamOrder, sessionCookie, vnpayCallback } from '../support/money';
import { vnpayRoutes } from '../support/money';

const ipn = vnpayRoutes.ipn;

// A store that is down answers 503 / VNPay 99 — never a bare 500 — and nothing is
// lost: the gateway's retry after the store is back settles the order once.
describe('fail closed and recover', () => {
  const store = useTestStore('pglite');
  const down = () => {
    // What openDatabase() rejects with when the data directory or the server is unusable.
    const rejected = Promise.reject(new UnavailableError('the database could not be opened'));
    rejected.catch(() => undefined);
    installDatabase(rejected);
  };

  it('health says {status} with 503 while down, 200 once back', async () => {
    down();
    const response = await health(new Request('http://localhost:3000/api/health'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable' });
    installDatabase(Promise.resolve(store()));
    expect((await health(new Request('http://localhost:3000/api/health'))).status).toBe(200);
  });

  it('answers VNPay 99 while down, and the retry settles the order once the store is back', async () => {
    const order = await pendingTeamOrder();
    const callback = vnpayCallback(order);
    down();
    expect(await (await ipn(ipnRequest(callback))).json()).toEqual({ RspCode: '99', Message: 'Unknown error' });
    installDatabase(Promise.resolve(store()));
    expect((await (await ipn(ipnRequest(callback))).json()).RspCode).toBe('00');
    expect((await (await ipn(ipnRequest(callback))).json()).RspCode).toBe('02');
  });

  it('answers a checkout with a translated 503 and Retry-After while down, not a 500', async () => {
    const cookie = await sessionCookie(alice);
    down();
    const response = await checkout(
      checkoutPost(
        { plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' },
        { cookie, 'accept-language': 'vi' },
      ),
    );
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    installDatabase(Promise.resolve(store()));
  });
});
