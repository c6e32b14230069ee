import 'server-only';
import type { DeliverCallback } from '@/lib/server/payments/gateway';
import { event, sendTo } from './player';
import {
  captureJson,
  captureSandboxOrder,
  createOrderBody,
  createSandboxOrder,
  findSandboxOrder,
  orderJson,
  refundJson,
  refundSandboxCapture,
  type Failure,
} from './orders';

/**
 * The stand-in's Orders v2 and captures endpoints (never in production), after the bearer token
 * was checked (./api.ts): create, read and capture an order, refund a capture. As PayPal does, a
 * capture is followed by PAYMENT.CAPTURE.COMPLETED and a refund by PAYMENT.CAPTURE.REFUNDED, both
 * delivered to the site's callback path before the call answers (a repeat with the same
 * PayPal-Request-Id sends none).
 */
const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refused = (failure: Failure) =>
  reply(failure.status, {
    name: failure.name,
    message: failure.message,
    details: [{ issue: failure.issue, description: failure.message }],
  });
const parsed = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};

export async function sandboxOrdersApi(
  method: string,
  path: string,
  headers: Headers,
  body: string,
  deliver: DeliverCallback,
): Promise<Response> {
  const requestId = headers.get('paypal-request-id');
  if (method === 'POST' && path === '/v2/checkout/orders') {
    const create = createOrderBody.safeParse(parsed(body));
    if (!create.success) {
      return refused({
        ok: false,
        status: 400,
        name: 'INVALID_REQUEST',
        issue: 'INVALID_PARAMETER_VALUE',
        message: 'Request is not well-formed.',
      });
    }
    return reply(201, orderJson(await createSandboxOrder(create.data, requestId)));
  }

  const read = /^\/v2\/checkout\/orders\/([A-Z0-9]{1,36})$/.exec(path);
  if (method === 'GET' && read) {
    const order = await findSandboxOrder(read[1]!);
    return order
      ? reply(200, orderJson(order))
      : refused({
          ok: false,
          status: 404,
          name: 'RESOURCE_NOT_FOUND',
          issue: 'INVALID_RESOURCE_ID',
          message: 'Specified resource ID does not exist.',
        });
  }

  const capture = /^\/v2\/checkout\/orders\/([A-Z0-9]{1,36})\/capture$/.exec(path);
  if (method === 'POST' && capture) {
    const captured = await captureSandboxOrder(capture[1]!, requestId);
    if (!captured.ok) return refused(captured);
    if (!captured.repeated) {
      const now = new Date();
      await sendTo(deliver)([event('PAYMENT.CAPTURE.COMPLETED', 'capture', captureJson(captured.order), now)]);
    }
    return reply(201, orderJson(captured.order));
  }

  const refund = /^\/v2\/payments\/captures\/([A-Z0-9]{1,36})\/refund$/.exec(path);
  if (method === 'POST' && refund) {
    const asked = parsed(body) as { amount?: { value?: unknown; currency_code?: unknown } } | null;
    const value = asked?.amount?.value;
    if (
      asked === null ||
      (asked.amount !== undefined && (typeof value !== 'string' || !/^\d{1,7}\.\d{2}$/.test(value)))
    ) {
      return refused({
        ok: false,
        status: 400,
        name: 'INVALID_REQUEST',
        issue: 'INVALID_PARAMETER_VALUE',
        message: 'Request is not well-formed.',
      });
    }
    const made = await refundSandboxCapture(
      refund[1]!,
      typeof value === 'string' ? Math.round(Number(value) * 100) : null,
      requestId,
    );
    if (!made.ok) return refused(made);
    if (!made.repeated) {
      const now = new Date();
      await sendTo(deliver)([event('PAYMENT.CAPTURE.REFUNDED', 'refund', refundJson(made.order, made.refund), now)]);
    }
    return reply(201, refundJson(made.order, made.refund));
  }

  return refused({
    ok: false,
    status: 404,
    name: 'RESOURCE_NOT_FOUND',
    issue: 'NOT_FOUND',
    message: 'No such sandbox endpoint',
  });
}
