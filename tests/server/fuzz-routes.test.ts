import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { POST as checkout } from '@/app/api/checkout/route';
import { GET as health } from '@/app/api/health/route';
import { GET as metrics } from '@/app/api/metrics/route';
import { GET as payView } from '@/app/api/pay/view/route';
import { GET as ipnGet, POST as ipnPost } from '@/app/api/payments/[gateway]/ipn/route';
import { GET as returnGet } from '@/app/api/payments/[gateway]/return/route';
import { GET as sandboxGet, POST as sandboxPost } from '@/app/api/payments/[gateway]/sandbox/[[...path]]/route';
import { POST as paypalConfirm } from '@/app/api/payments/paypal/confirm/route';
import { GET as paypalSandboxGet } from '@/app/api/payments/paypal/sandbox/[[...path]]/route';
import { POST as paypalWebhook } from '@/app/api/payments/paypal/webhook/route';
import { GET as ping } from '@/app/api/ping/route';
import { POST as cancelPlan } from '@/app/api/plan/cancel/route';
import { GET as listMembers, POST as addMember } from '@/app/api/team/members/route';
import { POST as blockMember } from '@/app/api/team/members/[memberId]/block/route';
import { POST as unblockMember } from '@/app/api/team/members/[memberId]/unblock/route';
import { resetRateLimits } from '@/lib/server/testing';
import { loadTeamPage } from '@/lib/server/team/team-admin';
import { MAX_SEARCH_LENGTH, memberListQuery } from '@/lib/shared/team';
import { POST as linkPost } from '@/app/api/link/route';
import { earlyRefusal, publicEntriesOf } from '@/lib/server/http/early-refusal';
import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state';
import { useTestStore } from '../support/stores';
import { alice, sessionCookie } from '../support/money';

/**
 * The inputs an outside fuzz run sent to every route: control characters (PostgreSQL refuses
 * NUL), lone surrogates, broken percent encodings, numbers past any range, very long strings.
 * Whatever a client sends, the answer is the client's error (4xx) or an answer, never a 5xx.
 */
const rawQueryValues = [
  '%00',
  'a%00b',
  '%01%02%1F%7F',
  '%C2%85%C2%9F',
  '%ED%A0%80',
  '%ED%B0%80x',
  '%E0%A4%A',
  '%ff%fe',
  '%',
  '1e309',
  '-1e309',
  '99999999999999999999',
  '-1',
  '0.5',
  '__proto__',
  'a'.repeat(5_000),
  '%F0%9F%98%80'.repeat(200),
];
/** The same inputs as decoded strings (path parameters, JSON strings). */
const stringValues = [
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\u0085\u009f',
  '\ud800',
  'x\udc00',
  '%E0%A4%A',
  '99999999999999999999',
  '__proto__',
  'a'.repeat(5_000),
  '😀'.repeat(2_000),
];
/** Raw JSON values: strings above, plus numbers JSON can spell but no field can hold. */
const jsonValues = [
  ...stringValues.map((value) => JSON.stringify(value)),
  '1e309',
  '-1e309',
  '99999999999999999999',
  '-1',
  '0.5',
  'null',
  'true',
  '[]',
  '{}',
  '{"__proto__":{"x":1}}',
];

const origin = 'http://localhost:3000';
type Handler = (request: NextRequest) => Promise<Response>;
const withParams =
  <P>(handler: (request: NextRequest, context: { params: Promise<P> }) => Promise<Response>, params: P): Handler =>
  (request) =>
    handler(request, { params: Promise.resolve(params) });

function request(path: string, init: { cookie?: string; body?: string; type?: string } = {}) {
  const headers: Record<string, string> = {
    'sec-fetch-site': 'same-origin',
    'idempotency-key': `fuzz-${crypto.randomUUID()}`,
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
    'paypal-transmission-id': 'fuzz',
    'paypal-transmission-sig': 'c2ln',
    'paypal-transmission-time': new Date().toISOString(),
  };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = init.type ?? 'application/json';
  return new NextRequest(`${origin}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
}

/** GET routes and the query parameters each reads (plus one nobody reads). */
const getRoutes: Array<{ path: string; params: string[]; handler: Handler; cookie?: 'pay' | 'team' }> = [
  { path: '/api/health', params: ['x'], handler: () => health() },
  { path: '/api/ping', params: ['x'], handler: () => Promise.resolve(ping()) },
  { path: '/api/metrics', params: ['x'], handler: (r) => metrics(r) },
  {
    path: '/api/pay/view',
    params: ['status', 'code', 'order', 'plan', 'seats', 'link'],
    handler: payView,
    cookie: 'pay',
  },
  { path: '/api/team/members', params: ['q', 'page'], handler: listMembers, cookie: 'team' },
  ...['vnpay', 'momo', 'paypal'].flatMap((gateway) => [
    {
      path: `/api/payments/${gateway}/return`,
      params: ['vnp_TxnRef', 'vnp_Amount', 'vnp_SecureHash', 'orderId', 'amount', 'resultCode', 'signature'],
      handler: withParams(returnGet, { gateway }),
    },
    {
      path: `/api/payments/${gateway}/ipn`,
      params: ['vnp_TxnRef', 'vnp_Amount', 'vnp_ResponseCode', 'vnp_TmnCode', 'vnp_SecureHash'],
      handler: withParams(ipnGet, { gateway }),
    },
    {
      path: `/api/payments/${gateway}/sandbox`,
      params: ['payment', 'orderId', 'vnp_Amount', 'vnp_TxnRef', 'vnp_SecureHash', 'requestId'],
      handler: withParams(sandboxGet, { gateway, path: undefined }),
    },
  ]),
  {
    path: '/api/payments/paypal/sandbox',
    params: ['done', 'subscription'],
    handler: withParams(paypalSandboxGet, { path: undefined }),
  },
];

/** POST routes with a valid body, whose every field is fuzzed in turn. */
const postRoutes: Array<{
  path: string;
  body: Record<string, unknown>;
  handler: Handler;
  cookie?: 'pay' | 'team';
  type?: string;
}> = [
  {
    path: '/api/checkout',
    body: { plan: 'team_pro', period: 'period0', gateway: 'vnpay', method: 'qr', seats: 10 },
    handler: checkout,
    cookie: 'pay',
  },
  {
    path: '/api/payments/paypal/confirm',
    body: { orderId: 'a'.repeat(32), subscriptionId: 'I-ABCDEFGH' },
    handler: paypalConfirm,
    cookie: 'pay',
  },
  { path: '/api/plan/cancel', body: { plan: 'team_pro' }, handler: cancelPlan, cookie: 'pay' },
  {
    path: '/api/team/members',
    body: { platform: 'telegram', username: 'newperson' },
    handler: addMember,
    cookie: 'team',
  },
  {
    path: '/api/payments/paypal/webhook',
    body: { id: 'WH-FUZZ', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: { id: 'I-ABCDEFGH' } },
    handler: paypalWebhook,
  },
  {
    path: '/api/payments/momo/ipn',
    body: { partnerCode: 'MOMO', orderId: 'a'.repeat(32), amount: 49_000, resultCode: 0, transId: 1, signature: 'x' },
    handler: withParams(ipnPost, { gateway: 'momo' }),
  },
  {
    path: '/api/link',
    body: { t: 'not.a.jwt', next: '/vi/pay?plan=team_pro' },
    handler: linkPost,
    type: 'application/x-www-form-urlencoded',
  },
  {
    path: '/api/payments/vnpay/sandbox/pay',
    body: { payment: 'vnp_TxnRef=x', action: 'approve' },
    handler: withParams(sandboxPost, { gateway: 'vnpay', path: ['pay'] }),
    type: 'application/x-www-form-urlencoded',
  },
];

/** `body` with `field` spelled as the raw JSON `raw` (JSON.stringify cannot write 1e309). */
function bodyWith(body: Record<string, unknown>, field: string, raw: string, form: boolean): string {
  if (form) {
    const value = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
    return new URLSearchParams({ ...(body as Record<string, string>), [field]: value }).toString();
  }
  return JSON.stringify({ ...body, [field]: '\u0001RAW\u0001' }).replace('"\\u0001RAW\\u0001"', raw);
}

describe('no client input makes an API route answer 5xx', () => {
  useTestStore('pglite');
  const cookies: Record<'pay' | 'team', string> = { pay: '', team: '' };
  beforeEach(async () => {
    cookies.pay = await sessionCookie(alice, 'pay');
    cookies.team = await sessionCookie(alice, 'team');
  });

  async function send(label: string, handler: Handler, made: NextRequest, failures: string[]) {
    resetRateLimits();
    const response = await handler(made);
    if (response.status >= 500) failures.push(`${label} → ${response.status}`);
  }

  it('fuzzed query parameters of every GET route answer below 500', async () => {
    const failures: string[] = [];
    for (const route of getRoutes) {
      for (const name of route.params) {
        for (const value of rawQueryValues) {
          const path = `${route.path}?${name}=${value}`;
          const made = request(path, { cookie: route.cookie && cookies[route.cookie] });
          await send(`GET ${path.slice(0, 120)}`, route.handler, made, failures);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('fuzzed JSON (and form) body fields of every POST route answer below 500', async () => {
    const failures: string[] = [];
    for (const route of postRoutes) {
      for (const field of Object.keys(route.body)) {
        for (const raw of jsonValues) {
          const body = bodyWith(route.body, field, raw, route.type !== undefined);
          const made = request(route.path, {
            cookie: route.cookie && cookies[route.cookie],
            body,
            type: route.type,
          });
          await send(`POST ${route.path} ${field}=${raw.slice(0, 40)}`, route.handler, made, failures);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('fuzzed member ids in block and unblock paths answer below 500', async () => {
    const failures: string[] = [];
    for (const [name, handler] of [
      ['block', blockMember],
      ['unblock', unblockMember],
    ] as const) {
      for (const memberId of stringValues) {
        const made = request(`/api/team/members/x/${name}`, { cookie: cookies.team, body: '{}' });
        await send(
          `POST ${name} ${JSON.stringify(memberId).slice(0, 40)}`,
          withParams(handler, { memberId }),
          made,
          failures,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('the team page lists members for a search holding NUL, control characters or lone surrogates', async () => {
    for (const q of stringValues) {
      const page = await loadTeamPage(alice, memberListQuery({ q }));
      expect(page.ok).toBe(true);
    }
  });
});

/**
 * Two framework paths answer 500 to what anyone can send: any method but GET/HEAD on a file of
 * public/, and a router state header Next cannot parse. The request layer in front of Next answers
 * them itself (lib/server/http/early-refusal.ts); tests/integration/single-instance.test.mjs sends
 * the same to a real server.
 */
describe('no request that Next would answer with a 500 reaches it', () => {
  const publicEntries = publicEntriesOf(process.cwd());
  const staticFiles = ['/og/vi-pay.png', '/og/en-site.png', '/fonts/OFL.txt', '/og/manifest.json', '/video/x.mp4'];
  const methods = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

  it('answers 405 (Allow: GET, HEAD) to every other method on a static file', () => {
    const passed = staticFiles.flatMap((url) =>
      methods
        .filter((method) => earlyRefusal({ method, url, headers: {} }, publicEntries)?.status !== 405)
        .map((method) => `${method} ${url}`),
    );
    expect(passed).toEqual([]);
  });

  it('answers 400 to every router state header Next would fail on', () => {
    const accepted = (state: string) => {
      try {
        parseAndValidateFlightRouterState(state);
        return true;
      } catch {
        return false;
      }
    };
    const failures: string[] = [];
    for (const state of [...rawQueryValues, ...stringValues, ...jsonValues.map(encodeURIComponent), '%%%garbage']) {
      const refusal = earlyRefusal(
        { method: 'GET', url: '/team', headers: { rsc: '1', 'next-router-state-tree': state } },
        publicEntries,
      );
      if (!accepted(state) && refusal?.status !== 400) failures.push(JSON.stringify(state).slice(0, 60));
    }
    expect(failures).toEqual([]);
  });
});

describe('memberListQuery', () => {
  it('drops C0 and C1 control characters and lone surrogates from the search, keeping everything else', () => {
    expect(memberListQuery({ q: '\u0000al\u0007i\u0085ce\u009f' }).search).toBe('alice');
    expect(memberListQuery({ q: '\ud800bo\udc00b' }).search).toBe('bob');
    expect(memberListQuery({ q: '@Nguyễn 😀' }).search).toBe('Nguyễn 😀');
  });

  it('never returns a control character, a lone surrogate or more than the maximum length, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (q) => {
        const { search } = memberListQuery({ q });
        return (
          search.length <= MAX_SEARCH_LENGTH &&
          !/[\u0000-\u001f\u007f-\u009f]/.test(search) &&
          !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(search)
        );
      }),
      { numRuns: 500 },
    );
  });
});
