import { NextRequest } from 'next/server';
import { GET as ipnGet, POST as ipnPost } from '@/app/api/payments/[gateway]/ipn/route';
import { GET as returnGet } from '@/app/api/payments/[gateway]/return/route';
import { ledgerSql } from '@/lib/server/db';
import { createOrder } from '@/lib/server/ledger/orders';
import type { NewOrder, Order } from '@/lib/server/ledger/types';
import { vnpayConfig } from '@/lib/server/payments/vnpay/config';
import { signedQuery } from '@/lib/server/payments/vnpay/signature';
import { sealSession, sessionCookieName } from '@/lib/server/session/session';
import { env } from '@/lib/server/env';

export const alice = { platform: 'telegram', userId: '1001', teamId: '-1002001' } as const;
export const bob = { platform: 'telegram', userId: '1002', teamId: '-1002001' } as const;
export const carol = { platform: 'slack', userId: 'U1003' } as const;

/** The pay page's checkout call: a same-origin JSON POST of `body` to /api/checkout, plus `headers`. */
export function checkoutPost(body: unknown, headers: Record<string, string> = {}): NextRequest {
  return new NextRequest('http://localhost:3000/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...headers },
    body: JSON.stringify(body),
  });
}

export const sandbox = () => {
  const config = vnpayConfig();
  if (!config) throw new Error('the VNPay sandbox should be on in tests');
  return config;
};

/** A pending order as checkout would create it (team_pro, 25 seats asked: 3 blocks, 30 seats, 7 months, 6,300,000 VND). */
export async function pendingTeamOrder(overrides: Partial<NewOrder> = {}): Promise<Order> {
  const { order } = await createOrder(await ledgerSql(), {
    subject: alice,
    plan: 'team_pro',
    period: 'period1',
    seats: 30,
    quantity: null,
    months: 7,
    gateway: 'vnpay',
    method: 'qr',
    currency: 'VND',
    amount: 6_300_000,
    locale: 'vi',
    clientIp: '127.0.0.1',
    idempotencyKey: `test-${Math.random().toString(36).slice(2)}`,
    now: new Date(),
    ...overrides,
  });
  return order;
}

/** The query string VNPay would send to the IPN and return URLs for `order`. */
export function vnpayCallback(
  order: Pick<Order, 'id' | 'amount'>,
  overrides: Record<string, string> = {},
  secret = sandbox().hashSecret,
): URLSearchParams {
  const fields: Record<string, string> = {
    vnp_Amount: String(order.amount * 100),
    vnp_BankCode: 'NCB',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: `Quorum AI order ${order.id}`,
    vnp_PayDate: '20261122173000',
    vnp_ResponseCode: '00',
    vnp_TmnCode: sandbox().tmnCode,
    vnp_TransactionNo: '14226112',
    vnp_TransactionStatus: '00',
    vnp_TxnRef: order.id,
    ...overrides,
  };
  return new URLSearchParams(signedQuery(fields, secret));
}

export const ipnRequest = (params: URLSearchParams) =>
  new NextRequest(`http://localhost:3000/api/payments/vnpay/ipn?${params}`);

const routeContext = (gateway: string) => ({ params: Promise.resolve({ gateway }) });

/** The generic gateway routes as Next calls them for /api/payments/<gateway>/… */
export const gatewayRoutes = (gateway: string) => ({
  ipn: (request: NextRequest) => (request.method === 'POST' ? ipnPost : ipnGet)(request, routeContext(gateway)),
  return: (request: NextRequest) => returnGet(request, routeContext(gateway)),
});
export const vnpayRoutes = gatewayRoutes('vnpay');

/** A session cookie header for `subject`, as the link exchange would have set it. */
export async function sessionCookie(
  subject: {
    platform: 'telegram' | 'slack' | 'discord';
    userId: string;
    teamId?: string;
  },
  audience: 'pay' | 'team' = 'pay',
) {
  const value = await sealSession({
    plt: subject.platform,
    sub: subject.userId,
    team: subject.teamId,
    aud: audience,
    jti: 'test',
  });
  return `${sessionCookieName(audience, env().secureCookies)}=${value}`;
}

let checkoutClients = 0;

/** What POST /api/checkout answered: its status and body (a start, or the translated refusal). */
export interface CheckoutAnswer {
  status: number;
  body: {
    error?: { code: string; message: string };
    redirectUrl?: string;
    params?: { customId: string };
  };
}

/**
 * The pay page's checkout call as alice's browser sends it: same-origin JSON, her session, an
 * idempotency key and the page's language; each call from a network of its own, so no rate limit
 * of another test's calls is in the way.
 */
export async function checkoutAsAlice(
  selection: Record<string, unknown>,
  { key = crypto.randomUUID(), locale = 'en', origin = 'http://localhost:3000' } = {},
): Promise<CheckoutAnswer> {
  checkoutClients += 1;
  // Loaded on first use: a suite that never checks out does not load the route (nor its configuration).
  const { POST } = await import('@/app/api/checkout/route');
  const response = await POST(
    new NextRequest(`${origin}/api/checkout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        cookie: await sessionCookie(alice),
        'idempotency-key': key,
        'accept-language': locale,
        'x-forwarded-for': `10.9.${Math.floor(checkoutClients / 250)}.${checkoutClients % 250}`,
      },
      body: JSON.stringify(selection),
    }),
  );
  return { status: response.status, body: (await response.json()) as CheckoutAnswer['body'] };
}
