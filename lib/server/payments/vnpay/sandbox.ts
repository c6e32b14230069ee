import 'server-only';
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { SandboxRequest } from '@/lib/server/payments/gateway';
import { signedQuery, verify } from './signature';
import { vnpayDate } from './payment-url';
import type { VnpayConfig } from './config';
import { pipeSign, pipeVerify, REQUEST_FIELDS, RESPONSE_FIELDS } from './querydr';
import { REFUND_FIELDS, REFUND_RESPONSE_FIELDS } from './refund';
import { declineChoice, sandboxAmount, sandboxPage } from '@/lib/server/payments/sandbox/page';
import { escapeHtml, htmlResponse } from '@/lib/server/http/html';
import { readSandboxPayment, writeSandboxPayment } from '@/lib/server/payments/sandbox/store';
import { portal } from '@/lib/server/payments/sandbox/portal';

/**
 * A stand-in for VNPay's payment page, for machines without VNPay credentials (never in
 * production): it checks the payment URL's signature as VNPay does, lets the tester approve,
 * decline (with a choice of VNPay's refusal codes) or cancel, then sends the signed IPN and the signed browser return exactly as VNPay
 * would. The IPN is handed to the same callback path in-process (`notify`), because a gateway that
 * cannot reach localhost is the very reason this sandbox exists.
 */
export type SandboxAction = 'approve' | 'approve_lost_ipn' | 'decline' | 'cancel';

/** What this stand-in remembers of a decided payment, to answer querydr as VNPay's records would. */
const RECORDS = 'vnpay-sandbox';

/** The vnp_ResponseCode of each refusal the tester may choose (docs/payments.md#vnpay). */
export const declineCodes = ['51', '12', '13', '79', '10', '09', '65', '11', '75', '99'] as const;
export type DeclineCode = (typeof declineCodes)[number];

const outcomes = (decline: DeclineCode): Record<SandboxAction, { response: string; status: string }> => ({
  approve: { response: '00', status: '00' },
  // Approved, but the IPN never arrives: only reconciliation (querydr) can settle it.
  approve_lost_ipn: { response: '00', status: '00' },
  // A refusal by the bank or VNPay (51, insufficient balance, unless the tester chose another).
  decline: { response: decline, status: '02' },
  // 24: the customer cancelled on VNPay's page.
  cancel: { response: '24', status: '02' },
});

const text = {
  vn: {
    title: 'Cổng thanh toán VNPay (môi trường thử)',
    note: 'Trang thử nghiệm cục bộ, đóng vai VNPay. Không có tiền thật được chuyển.',
    amount: 'Số tiền',
    order: 'Mã đơn hàng',
    info: 'Nội dung',
    method: 'Phương thức',
    approve: 'Thanh toán thành công',
    approve_lost_ipn: 'Thanh toán, nhưng mất IPN',
    decline: 'Ngân hàng từ chối',
    cancel: 'Hủy thanh toán',
    invalid: 'Sai chữ ký: yêu cầu thanh toán không hợp lệ.',
    declineReason: 'Lý do từ chối',
    declines: {
      '51': 'Tài khoản không đủ số dư',
      '12': 'Thẻ/Tài khoản bị khóa',
      '13': 'Nhập sai mật khẩu xác thực giao dịch (OTP)',
      '79': 'Nhập sai mật khẩu thanh toán quá số lần quy định',
      '10': 'Xác thực thông tin thẻ/tài khoản không đúng quá 3 lần',
      '09': 'Thẻ/Tài khoản chưa đăng ký dịch vụ InternetBanking',
      '65': 'Vượt quá hạn mức giao dịch trong ngày',
      '11': 'Đã hết hạn chờ thanh toán',
      '75': 'Ngân hàng thanh toán đang bảo trì',
      '99': 'Lỗi khác',
    } satisfies Record<DeclineCode, string>,
  },
  en: {
    title: 'VNPay payment gateway (sandbox)',
    note: 'A local test page playing VNPay. No real money moves.',
    amount: 'Amount',
    order: 'Order',
    info: 'Description',
    method: 'Method',
    approve: 'Approve payment',
    approve_lost_ipn: 'Pay, but lose the IPN',
    decline: 'Bank declines',
    cancel: 'Cancel payment',
    invalid: 'Invalid signature: this payment request is not valid.',
    declineReason: 'Decline reason',
    declines: {
      '51': 'Insufficient balance',
      '12': 'Card or account locked',
      '13': 'Wrong OTP',
      '79': 'Wrong payment password too many times',
      '10': 'Card or account details wrong more than 3 times',
      '09': 'Not registered for Internet Banking',
      '65': 'Daily limit exceeded',
      '11': 'Payment timed out',
      '75': 'Bank under maintenance',
      '99': 'Other error',
    } satisfies Record<DeclineCode, string>,
  },
};

const brand = { accent: '#005baa', ink: '#0b1b33', muted: '#4a5b75', background: '#eef3fb' };

export function sandboxFields(params: URLSearchParams, config: VnpayConfig): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const [key, value] of params) if (key.startsWith('vnp_')) fields[key] = value;
  return verify(fields, config.hashSecret) && fields.vnp_TmnCode === config.tmnCode ? fields : null;
}

export function renderSandboxPage(params: URLSearchParams, config: VnpayConfig): { status: number; html: string } {
  const fields = sandboxFields(params, config);
  const t = text[params.get('vnp_Locale') === 'vn' ? 'vn' : 'en'];
  const lang = t === text.vn ? 'vi' : 'en';
  const page = (body: string) => sandboxPage(lang, t.title, brand, body);
  if (!fields) return { status: 400, html: page(`<p role="alert">${t.invalid}</p>`) };

  const amount = sandboxAmount(lang, Number(fields.vnp_Amount) / 100);
  const query = escapeHtml(params.toString());
  const button = (action: SandboxAction) =>
    `<button type="submit" name="action" value="${action}">${t[action]}</button>`;
  const reasons = declineChoice(
    t.declineReason,
    declineCodes.map((code) => ({ code, label: t.declines[code] })),
  );
  return {
    status: 200,
    html: page(
      `<p class="note">${t.note}</p><dl><dt>${t.amount}</dt><dd data-testid="sandbox-amount">${escapeHtml(amount)}</dd><dt>${t.order}</dt><dd>${escapeHtml(fields.vnp_TxnRef ?? '')}</dd><dt>${t.info}</dt><dd>${escapeHtml(fields.vnp_OrderInfo ?? '')}</dd><dt>${t.method}</dt><dd>${escapeHtml(fields.vnp_BankCode ?? '—')}</dd></dl><form method="post"><input type="hidden" name="payment" value="${query}">${reasons}${button('approve')}${button('decline')}${button('cancel')}${button('approve_lost_ipn')}</form>`,
    ),
  };
}

/** Plays VNPay's side of one outcome: the IPN first (as VNPay does), then the browser return URL. */
export async function completeSandboxPayment(
  paymentQuery: string,
  action: SandboxAction,
  config: VnpayConfig,
  notify: (ipnQuery: string) => Promise<unknown>,
  { now = new Date(), decline = '51' }: { now?: Date; decline?: DeclineCode } = {},
): Promise<string | null> {
  const payment = sandboxFields(new URLSearchParams(paymentQuery), config);
  if (!payment?.vnp_ReturnUrl) return null;
  const outcome = outcomes(decline)[action];
  const callback: Record<string, string> = {
    vnp_Amount: payment.vnp_Amount ?? '',
    vnp_BankCode: action === 'cancel' ? 'VNPAY' : payment.vnp_BankCode === 'VNPAYQR' ? 'VNPAYQR' : 'NCB',
    vnp_CardType: payment.vnp_BankCode === 'VNPAYQR' ? 'QRCODE' : 'ATM',
    vnp_OrderInfo: payment.vnp_OrderInfo ?? '',
    vnp_PayDate: vnpayDate(now),
    vnp_ResponseCode: outcome.response,
    vnp_TmnCode: config.tmnCode,
    // VNPay numbers every attempt; a cancelled one carries 0.
    vnp_TransactionNo: action === 'cancel' ? '0' : String(randomInt(10_000_000, 99_999_999)),
    vnp_TransactionStatus: outcome.status,
    vnp_TxnRef: payment.vnp_TxnRef ?? '',
  };
  if (outcome.response === '00') callback.vnp_BankTranNo = `VNP${randomInt(10_000_000, 99_999_999)}`;
  await writeSandboxPayment(RECORDS, callback.vnp_TxnRef ?? '', callback);
  const query = signedQuery(callback, config.hashSecret);
  if (action !== 'approve_lost_ipn') await notify(query);
  return `${payment.vnp_ReturnUrl}?${query}`;
}

const form = z.object({
  payment: z.string().max(8192),
  action: z.enum(['approve', 'approve_lost_ipn', 'decline', 'cancel']),
  decline: z.enum(declineCodes).default('51'),
});

const queryBody = z.record(z.string(), z.string());

/**
 * A decided payment as this stand-in keeps it, with what was refunded of it (VND), by which
 * requests, and the number and date VNPay gave the latest refund.
 */
type SandboxRecord = Record<string, string> & {
  refunded?: string;
  refundRequests?: string;
  refundNo?: string;
  refundDate?: string;
};

const requestIds = (record: SandboxRecord): string[] => (record.refundRequests ?? '').split(',').filter(Boolean);

/**
 * Refunds a decided payment in this stand-in's records, as VNPay's merchant portal or its refund
 * API would: the status becomes 05 (refund being processed), the type 02 (whole) or 03 (part), and
 * the refund is a transaction of its own, with its own number and date, which querydr reports.
 */
export async function refundSandboxPayment(
  txnRef: string,
  amountVnd: number,
  requestId: string | null,
): Promise<'00' | '91' | '95' | '03' | '94'> {
  const record = await readSandboxPayment<SandboxRecord>(RECORDS, txnRef);
  if (!record) return '91';
  const status = record.vnp_TransactionStatus;
  if (status !== '00' && !(status === '05' && record.vnp_TransactionType === '03'))
    return status === '05' ? '94' : '95';
  if (requestId && requestIds(record).includes(requestId)) return '94';
  const paid = Number(record.vnp_Amount) / 100;
  const refunded = Number(record.refunded ?? 0) + amountVnd;
  if (!Number.isInteger(amountVnd) || amountVnd <= 0 || refunded > paid) return '03';
  await writeSandboxPayment(RECORDS, txnRef, {
    ...record,
    vnp_TransactionStatus: '05',
    vnp_TransactionType: refunded === paid ? '02' : '03',
    refunded: String(refunded),
    refundRequests: [...requestIds(record), requestId ?? `portal-${randomInt(1_000_000, 9_999_999)}`].join(','),
    refundNo: String(randomInt(10_000_000, 99_999_999)),
    refundDate: vnpayDate(new Date()),
  });
  return '00';
}

const refundMessages: Record<string, string> = {
  '00': 'Refund success',
  '91': 'Transaction not found',
  '94': 'Refund request already pending',
  '95': 'Transaction not successful',
  '03': 'Invalid amount',
};

/** querydr and refund against this stand-in's records: signed, with VNPay's codes. */
async function transactionApi(rawBody: string, config: VnpayConfig): Promise<Response> {
  let parsedBody: unknown = null;
  try {
    parsedBody = JSON.parse(rawBody);
  } catch {
    // answered below as a bad format
  }
  const parsed = queryBody.safeParse(parsedBody);
  const command = parsed.success ? parsed.data.vnp_Command : undefined;
  const signedWith = command === 'refund' ? REFUND_RESPONSE_FIELDS : RESPONSE_FIELDS;
  const respond = (fields: Record<string, string>) =>
    Response.json({ ...fields, vnp_SecureHash: pipeSign(signedWith, fields, config.hashSecret) });
  const base = (code: string, message: string, request: Record<string, string> = {}) => ({
    vnp_ResponseId: randomInt(100_000_000, 999_999_999).toString(),
    vnp_Command: command === 'refund' ? 'refund' : 'querydr',
    vnp_ResponseCode: code,
    vnp_Message: message,
    vnp_TmnCode: config.tmnCode,
    vnp_TxnRef: request.vnp_TxnRef ?? '',
  });
  if (!parsed.success || (command !== 'querydr' && command !== 'refund')) return respond(base('03', 'Invalid format'));
  const request = parsed.data;
  const fieldOrder = command === 'refund' ? REFUND_FIELDS : REQUEST_FIELDS;
  if (!pipeVerify(fieldOrder, request, config.hashSecret)) return respond(base('97', 'Invalid checksum', request));
  if (request.vnp_TmnCode !== config.tmnCode) return respond(base('02', 'Invalid TmnCode', request));
  if (command === 'refund') {
    const before = await readSandboxPayment<SandboxRecord>(RECORDS, request.vnp_TxnRef ?? '');
    if (before && request.vnp_TransactionNo !== before.vnp_TransactionNo)
      return respond(base('91', 'Transaction not found', request));
    const amount = Number(request.vnp_Amount ?? 'x') / 100;
    const code = await refundSandboxPayment(request.vnp_TxnRef ?? '', amount, request.vnp_RequestId ?? null);
    const after = await readSandboxPayment<SandboxRecord>(RECORDS, request.vnp_TxnRef ?? '');
    return respond({
      ...base(code, refundMessages[code] ?? 'Error', request),
      vnp_Amount: request.vnp_Amount ?? '',
      vnp_BankCode: after?.vnp_BankCode ?? '',
      vnp_PayDate: vnpayDate(new Date()),
      vnp_TransactionNo: code === '00' ? (after?.refundNo ?? '') : '',
      vnp_TransactionType: request.vnp_TransactionType ?? '',
      vnp_TransactionStatus: after?.vnp_TransactionStatus ?? '',
      vnp_OrderInfo: request.vnp_OrderInfo ?? '',
    });
  }
  const record = await readSandboxPayment<SandboxRecord>(RECORDS, request.vnp_TxnRef ?? '');
  if (!record) return respond(base('91', 'Transaction not found', request));
  // A refunded payment is reported by its latest refund transaction: its number and date; the
  // amount stays the payment's.
  return respond({
    ...base('00', 'QueryDR Success', request),
    vnp_Amount: record.vnp_Amount ?? '',
    vnp_BankCode: record.vnp_BankCode ?? '',
    vnp_PayDate: record.refundDate ?? record.vnp_PayDate ?? '',
    vnp_TransactionNo: record.refundNo ?? record.vnp_TransactionNo ?? '',
    vnp_TransactionType: record.vnp_TransactionType ?? '01',
    vnp_TransactionStatus: record.vnp_TransactionStatus ?? '',
    vnp_OrderInfo: record.vnp_OrderInfo ?? '',
    vnp_PromotionCode: '',
    vnp_PromotionAmount: '',
  });
}

/** The sandbox's endpoints: GET the payment page, POST the tester's choice (from that page only). */
export async function handleSandbox(
  request: SandboxRequest,
  config: VnpayConfig,
  notify: (ipnQuery: string) => Promise<unknown>,
): Promise<Response> {
  if (request.path === 'merchant_webapi/api/transaction' && request.method === 'POST') {
    return transactionApi(request.rawBody, config);
  }
  if (request.path === 'portal') return portal(request, 'vnpay', RECORDS, refundSandboxPayment);
  if (request.path !== '') return new Response('Not found', { status: 404 });
  if (request.method === 'GET') {
    const { status, html: page } = renderSandboxPage(request.url.searchParams, config);
    return htmlResponse(status, page);
  }
  if (!request.sameOrigin) return new Response('Forbidden', { status: 403 });
  const parsed = form.safeParse(Object.fromEntries(new URLSearchParams(request.rawBody)));
  if (!parsed.success) return new Response('Bad request', { status: 400 });
  const { payment, action, decline } = parsed.data;
  const returnUrl = await completeSandboxPayment(payment, action, config, notify, { decline });
  if (!returnUrl) return new Response('Invalid signature', { status: 400 });
  return Response.redirect(returnUrl, 303);
}
