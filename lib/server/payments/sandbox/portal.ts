import 'server-only';
import { z } from 'zod';
import type { SandboxRequest } from '../gateway';
import { sandboxAmount, sandboxPage } from './page';
import { escapeHtml, htmlResponse } from '@/lib/server/http/html';
import { readSandboxPayment } from './store';

/**
 * A stand-in for a gateway's merchant portal (never in production): one payment of the sandbox's
 * records and a form to refund it there — the way an operator refunds by hand at VNPay or MoMo,
 * without telling this site. Reconciliation must then find the refund in the gateway's records.
 * GET /api/payments/<gateway>/sandbox/portal?order=<order id>; the POST comes from that page only.
 */
const orderRef = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const refundForm = z.object({ order: orderRef, amount: z.coerce.number().int().min(1).max(1_000_000_000) });

const brand = { accent: '#3b3f46', ink: '#15171a', muted: '#5a606b', background: '#f1f2f4' };

/** What the records say was paid and refunded, in VND, whatever shape the gateway's record has. */
export interface PortalView {
  paid: number;
  refunded: number;
}

export async function portal(
  request: SandboxRequest,
  gateway: string,
  records: string,
  refund: (ref: string, amountVnd: number, requestId: string | null) => Promise<string>,
  view: (record: Record<string, unknown>) => PortalView = (record) => ({
    paid: Number(record.vnp_Amount ?? 0) / 100,
    refunded: Number(record.refunded ?? 0),
  }),
): Promise<Response> {
  const title = `${gateway} merchant portal (sandbox)`;
  const page = (status: number, body: string) => htmlResponse(status, sandboxPage('en', title, brand, body));
  if (request.method === 'POST') {
    if (!request.sameOrigin) return new Response('Forbidden', { status: 403 });
    const parsed = refundForm.safeParse(Object.fromEntries(new URLSearchParams(request.rawBody)));
    if (!parsed.success) return page(400, '<p role="alert">Enter a whole amount in VND.</p>');
    const code = await refund(parsed.data.order, parsed.data.amount, null);
    const back = `?order=${encodeURIComponent(parsed.data.order)}&result=${encodeURIComponent(code)}`;
    return new Response(null, { status: 303, headers: { Location: back } });
  }
  const ref = orderRef.safeParse(request.url.searchParams.get('order'));
  if (!ref.success) return page(400, '<p role="alert">Add ?order=&lt;order id&gt; to the address.</p>');
  const record = await readSandboxPayment<Record<string, unknown>>(records, ref.data);
  if (!record)
    return page(404, `<p role="alert">No ${escapeHtml(gateway)} payment for order ${escapeHtml(ref.data)}.</p>`);
  const { paid, refunded } = view(record);
  const result = request.url.searchParams.get('result');
  const left = Math.max(0, paid - refunded);
  return page(
    200,
    `<p class="note">A local page playing the gateway's merchant portal. A refund made here is not sent to the site: reconciliation finds it.</p>` +
      (result ? `<p role="status" data-testid="portal-result">Result code: ${escapeHtml(result)}</p>` : '') +
      `<dl><dt>Order</dt><dd>${escapeHtml(ref.data)}</dd><dt>Paid</dt><dd>${escapeHtml(sandboxAmount('en', paid))}</dd><dt>Refunded</dt><dd data-testid="portal-refunded">${escapeHtml(sandboxAmount('en', refunded))}</dd></dl>` +
      `<form method="post"><input type="hidden" name="order" value="${escapeHtml(ref.data)}"><label class="choice">Amount to refund (VND)<input name="amount" inputmode="numeric" value="${left}" required></label><button type="submit" name="action" value="approve">Refund in the portal</button></form>`,
  );
}
