import { NextRequest } from 'next/server';
import { POST as checkout } from '@/app/api/checkout/route';
import { POST as cancel } from '@/app/api/plan/cancel/route';
import { resetRateLimits } from '@/lib/server/testing';
import { storeKinds, useTestStore } from '../support/stores';
import { alice, bob, carol, sessionCookie } from '../support/money';
import { CANCEL_PLAN_CONFIRMATION } from '@/lib/shared/checkout';
import viMessages from '@/messages/vi.json';

const origin = 'http://localhost:3000';
let ip = 0;

async function post(
  body: unknown,
  { cookie, headers = {}, raw }: { cookie?: string; headers?: Record<string, string>; raw?: string } = {},
  handler = checkout,
  path = '/api/checkout',
) {
  // A fresh client address per request keeps the per-IP limit out of tests that are not about it.
  ip += 1;
  return handler(
    new NextRequest(`${origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        'x-forwarded-for': `10.0.${Math.floor(ip / 250)}.${ip % 250}`,
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: raw ?? JSON.stringify(body),
    }),
  );
}

const team25 = { plan: 'team_pro', period: 'period1', seats: 25, gateway: 'vnpay', method: 'qr' };
const confirmed = { confirm: CANCEL_PLAN_CONFIRMATION };

describe.each(storeKinds)('POST /api/checkout on %s', (kind) => {
  const store = useTestStore(kind);
  beforeEach(resetRateLimits);
  const orders = async () =>
    (await store().sql.query<{ amount: number; seats: number }>('SELECT amount, seats FROM orders')).rows;

  it('needs a session (401) and a same-origin caller (403)', async () => {
    expect((await post(team25)).status).toBe(401);
    const cookie = await sessionCookie(alice);
    expect((await post(team25, { cookie, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await post(team25, { cookie, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect(await orders()).toEqual([]);
  });

  it('refuses a forged session cookie', async () => {
    // Flip the signature's first character: its last one carries two padding bits of a 32-byte MAC,
    // so changing it (A ↔ B) can leave the decoded signature — and the verdict — unchanged.
    const cookie = (await sessionCookie(alice)).replace(
      /\.(.)([^.]*)$/,
      (_, first: string, rest: string) => `.${first === 'A' ? 'B' : 'A'}${rest}`,
    );
    expect((await post(team25, { cookie })).status).toBe(401);
  });

  it('refuses bodies that are not small JSON: 415, 413, 400', async () => {
    const cookie = await sessionCookie(alice);
    expect((await post(team25, { cookie, headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await post(null, { cookie, raw: JSON.stringify({ ...team25, pad: 'x'.repeat(10_000) }) })).status).toBe(
      413,
    );
    expect((await post(null, { cookie, raw: '{"plan":' })).status).toBe(400);
  });

  it.each([
    ['an unknown plan', { ...team25, plan: 'gold' }],
    ['an unknown period', { ...team25, period: 'period9' }],
    ['an unknown gateway', { ...team25, gateway: 'bitcoin' }],
    ['seats as a string', { ...team25, seats: '25' }],
    ['fractional seats', { ...team25, seats: 12.5 }],
  ])('answers 422 with a translated message to %s', async (_label, body) => {
    const response = await post(body, { cookie: await sessionCookie(alice), headers: { 'accept-language': 'vi' } });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('invalid_request');
    expect(typeof error.message).toBe('string');
    expect(error.message.length).toBeGreaterThan(5);
  });

  it.each([
    ['a method of another gateway', { ...team25, method: 'wallet' }, 'unknown_method'],
    ['seats not above the current size', { ...team25, seats: 10 }, 'seats_not_above_current'],
    [
      'period3 with nothing changing',
      { plan: 'team_pro', period: 'period3', gateway: 'vnpay', method: 'qr' },
      'nothing_to_pay',
    ],
    ['an amount above the gateway maximum', { ...team25, period: 'period2', seats: 100_000 }, 'above_gateway_max'],
  ])('refuses %s', async (_label, body, code) => {
    const response = await post(body, { cookie: await sessionCookie(alice) });
    expect(response.status).toBe(422);
    expect((await response.json()).error.code).toBe(code);
  });

  it('refuses period3 on an inactive plan and team_pro without a team', async () => {
    const carolCookie = await sessionCookie(carol);
    const keep = await post(
      { plan: 'individual_pro', period: 'period3', gateway: 'vnpay', method: 'qr' },
      { cookie: carolCookie },
    );
    expect((await keep.json()).error.code).toBe('period3_inactive');
    const teamless = await post(team25, { cookie: carolCookie });
    expect((await teamless.json()).error.code).toBe('team_required');
  });

  it('makes an admin cancel his individual plan before buying team_pro (409), then lets him', async () => {
    // Bob, with his own plan running, made an admin of the team: only an admin may buy Team Pro.
    await store().sql.query(`UPDATE team_members SET role = 'admin' WHERE user_id = $1`, [bob.userId]);
    const cookie = await sessionCookie(bob);
    const refused = await post(team25, { cookie });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('cancel_individual_first');
    expect((await post(confirmed, { cookie }, cancel, '/api/plan/cancel')).status).toBe(200);
    expect((await post(team25, { cookie })).status).toBe(200);
    expect((await post(confirmed, { cookie }, cancel, '/api/plan/cancel')).status).toBe(409);
  });

  it('ends a plan only with the dialog’s confirmation in the body: a bare or other POST is a translated 422', async () => {
    const cookie = await sessionCookie(bob);
    for (const body of [null, {}, { confirm: 'yes' }, { ...confirmed, plan: 'team_pro' }]) {
      const refused = await post(body, { cookie, headers: { 'accept-language': 'vi' } }, cancel, '/api/plan/cancel');
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    const bare = await post({}, { cookie, headers: { 'accept-language': 'vi' } }, cancel, '/api/plan/cancel');
    expect(bare.status).toBe(422);
    expect((await bare.json()).error.message).toBe(viMessages.Checkout.errors.invalid_request);
    // The plan is still there to cancel, with the confirmation.
    expect((await post(confirmed, { cookie }, cancel, '/api/plan/cancel')).status).toBe(200);
  });

  it('prices from the catalogue and ignores a client amount', async () => {
    const response = await post({ ...team25, amount: 1 }, { cookie: await sessionCookie(alice) });
    expect(response.status).toBe(200);
    const { redirectUrl } = await response.json();
    expect(new URL(redirectUrl).searchParams.get('vnp_Amount')).toBe('630000000');
    // 25 seats asked are 3 blocks: the order holds every seat of them.
    expect(await orders()).toEqual([{ amount: 6_300_000, seats: 30 }]);
  });

  it('makes one order of a double click, with or without an idempotency key', async () => {
    const cookie = await sessionCookie(alice);
    const key = { 'idempotency-key': 'k'.repeat(24) };
    const [first, second] = await Promise.all([
      post(team25, { cookie, headers: key }),
      post(team25, { cookie, headers: key }),
    ]);
    expect((await first.json()).redirectUrl).toBe((await second.json()).redirectUrl);
    // Another team size while the first is being paid: paying again is the payer's explicit choice.
    const [third, fourth] = await Promise.all([
      post({ ...team25, seats: 40, payAgain: true }, { cookie }),
      post({ ...team25, seats: 40, payAgain: true }, { cookie }),
    ]);
    expect((await third.json()).redirectUrl).toBe((await fourth.json()).redirectUrl);
    expect(await orders()).toHaveLength(2);
  });

  it('answers how the browser continues, tagged by kind, and replays a start stored before kinds existed', async () => {
    const cookie = await sessionCookie(alice);
    const key = { 'idempotency-key': 'r'.repeat(24) };
    const first = await (await post(team25, { cookie, headers: key })).json();
    expect(first).toEqual({ kind: 'redirect', redirectUrl: expect.stringMatching(/vnp_TxnRef=/) });
    // An order begun by the previous release stored a bare {redirectUrl}: a repeat still redirects there.
    await store().sql.query(`UPDATE orders SET checkout_start = $1`, [{ redirectUrl: 'https://gateway.example/pay' }]);
    expect(await (await post(team25, { cookie, headers: key })).json()).toEqual({
      kind: 'redirect',
      redirectUrl: 'https://gateway.example/pay',
    });
  });

  it('refuses the same idempotency key with another selection (422)', async () => {
    const cookie = await sessionCookie(alice);
    const key = { 'idempotency-key': 'q'.repeat(24) };
    expect((await post(team25, { cookie, headers: key })).status).toBe(200);
    const other = await post({ ...team25, seats: 40 }, { cookie, headers: key });
    expect(other.status).toBe(422);
    expect((await other.json()).error.code).toBe('idempotency_conflict');
  });

  it('rate-limits one session to 10 checkouts a minute: 429 with Retry-After', async () => {
    const cookie = await sessionCookie({ platform: 'telegram', userId: '1004' });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 11; i += 1) {
      last = await post({ plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' }, { cookie });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
