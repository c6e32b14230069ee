import { POST as checkout } from '@/app/api/checkout/route';
import { DirectoryUnavailableError, type AccountDirectory } from '@/lib/server/directory';
import { installDirectory, resetRateLimits } from '@/lib/server/testing';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, checkoutPost, sessionCookie } from '../support/money';

const team25 = { plan: 'team_pro', period: 'period1', seats: 25, gateway: 'vnpay', method: 'qr' };

async function post(locale = 'vi') {
  return checkout(checkoutPost(team25, { 'accept-language': locale, cookie: await sessionCookie(alice) }));
}

describe.each(storeKinds)('checkout and the account directory on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const orderStatuses = async () =>
    (await store().sql.query<{ status: string }>('SELECT status FROM orders')).rows.map((r) => r.status);

  it('tells the directory about the order before the redirect, and a refusal is a translated 409 with no redirect', async () => {
    const registered: string[] = [];
    installDirectory({
      ...store().directory,
      registerOrder: async (notice) => {
        registered.push(notice.orderId);
        return 'refused';
      },
    });
    const response = await post('vi');
    expect(response.status).toBe(409);
    const body = (await response.json()) as { redirectUrl?: string; error: { code: string; message: string } };
    expect(body.redirectUrl).toBeUndefined();
    expect(body.error.code).toBe('order_refused');
    expect(body.error.message).toMatch(/đơn hàng/);
    expect(registered).toHaveLength(1);
    expect(await orderStatuses()).toEqual(['failed']);
  });

  it('answers a translated 503 with Retry-After, never a 500, when the directory is unreachable', async () => {
    const down = async () => {
      throw new DirectoryUnavailableError('connection refused');
    };
    installDirectory({ ...store().directory, payContext: down } as AccountDirectory);
    const response = await post('de');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'service_unavailable' });
    expect(body.error.message).toMatch(/Zahlungen/);
    expect(await orderStatuses()).toEqual([]);
  });

  it('answers 503 when the directory fails while registering the order, and a retry after recovery redirects', async () => {
    let down = true;
    installDirectory({
      ...store().directory,
      registerOrder: async (notice) => {
        if (down) throw new DirectoryUnavailableError('timeout');
        return store().directory.registerOrder(notice);
      },
    });
    expect((await post()).status).toBe(503);
    down = false;
    const retried = await post();
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { redirectUrl: string }).redirectUrl).toMatch(/vnp_TxnRef=/);
    expect(await orderStatuses()).toEqual(['pending']);
  });
});
