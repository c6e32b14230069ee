import { NextRequest } from 'next/server';
import * as checkout from '@/app/api/checkout/route';
import * as health from '@/app/api/health/route';
import * as ipn from '@/app/api/payments/[gateway]/ipn/route';
import * as sandbox from '@/app/api/payments/[gateway]/sandbox/[[...path]]/route';

const origin = 'http://localhost:3000';

describe('a method a route does not serve', () => {
  it.each([
    ['PUT /api/checkout', checkout.PUT, 'OPTIONS, POST'],
    ['GET /api/checkout', checkout.GET, 'OPTIONS, POST'],
    ['POST /api/health', health.POST, 'GET, HEAD, OPTIONS'],
    ['DELETE /api/payments/vnpay/ipn', ipn.DELETE, 'GET, HEAD, OPTIONS, POST'],
    ['PATCH /api/payments/vnpay/sandbox', sandbox.PATCH, 'GET, HEAD, OPTIONS, POST'],
  ])('%s is a 405 that names the allowed ones in Allow', (_name, handler, allow) => {
    const response = handler();
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
  });
});

describe('the VNPay sandbox form', () => {
  const post = (body: string, contentType: string | null) =>
    sandbox.POST(
      new NextRequest(`${origin}/api/payments/vnpay/sandbox`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin', ...(contentType ? { 'content-type': contentType } : {}) },
        body,
      }),
      { params: Promise.resolve({ gateway: 'vnpay' }) },
    );

  it.each([
    ['JSON', '{"payment":"x","action":"approve"}', 'application/json'],
    ['no content type', 'payment=x&action=approve', null],
    ['a broken multipart body', '--nope', 'multipart/form-data; boundary=zzz'],
    ['a form without the fields', 'a=1', 'application/x-www-form-urlencoded'],
  ])('answers 400, not an empty 500, to %s', async (_name, body, contentType) => {
    const response = await post(body, contentType);
    expect(response.status).toBe(400);
  });
});
