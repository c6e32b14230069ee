import 'server-only';
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { SandboxRequest } from '@/lib/server/payments/gateway';
import { escapeHtml, htmlResponse } from '@/lib/server/http/html';
import {
  findSandboxPayment,
  insertSandboxPayment,
  readSandboxPayment,
  writeSandboxPayment,
} from '@/lib/server/payments/sandbox/store';
import type { MomoConfig } from './config';
import { SANDBOX_PATH } from './config';
import { CREATE_FIELDS, QUERY_FIELDS, REFUND_FIELDS, RESULT_FIELDS, sign, verify } from './signature';
import { portal } from '@/lib/server/payments/sandbox/portal';
import { declineChoice, sandboxAmount, sandboxPage } from '@/lib/server/payments/sandbox/page';

/**
 * A stand-in for MoMo's all-in-one gateway v2, for machines without MoMo credentials (never in
 * production). It serves MoMo's API over HTTP — create and query, signed and checked as MoMo does
 * — so the site's client is the one that talks to MoMo; and a payment page where the tester
 * approves, declines (with a choice of MoMo's final refusal codes) or cancels. The result then goes out as MoMo sends it: a signed IPN (handed
 * to the site's callback path in-process, as a gateway that cannot reach localhost is why this
 * sandbox exists) and a signed browser redirect. "Approve, IPN lost" approves without the IPN,
 * which only asking MoMo (the pay page on the payer's return, or reconciliation) can then recover;
 * "still processing" leaves the payment with MoMo (7000), money possibly on its way.
 */
export type MomoSandboxAction = 'approve' | 'approve_lost_ipn' | 'processing' | 'decline' | 'cancel';

export interface SandboxPayment {
  request: {
    requestId: string;
    amount: number;
    orderId: string;
    orderInfo: string;
    redirectUrl: string;
    ipnUrl: string;
    requestType: string;
    extraData: string;
    lang: string;
  };
  /** Absent while the payer has not decided. */
  result?: Record<string, string | number>;
  /** Refunds of it, by the API or in the portal, as MoMo's query lists them. */
  refunds?: SandboxRefund[];
}

export interface SandboxRefund {
  orderId: string;
  amount: number;
  resultCode: number;
  transId: number;
  createdTime: number;
}

const GATEWAY = 'momo-sandbox';

// Per request type: captureWallet and cards from 1,000, ATM from 10,000 VND.
const limits: Record<string, { min: number; max: number }> = {
  captureWallet: { min: 1_000, max: 50_000_000 },
  payWithATM: { min: 10_000, max: 50_000_000 },
  payWithCC: { min: 1_000, max: 50_000_000 },
};

/** The final refusals the tester may choose (docs/payments.md#momo), with the message MoMo sends along. */
const declines = {
  '1001': 'Transaction failed due to insufficient funds.',
  '1002': 'Transaction rejected by the issuers of the payment methods.',
  '1004': 'Transaction failed because the amount exceeds the daily or monthly payment limit.',
  '1005': 'Transaction failed because the url or QR code expired.',
  '1007': 'Transaction rejected because the user account is inactive or does not exist.',
  '4001': 'Transaction restricted because the user account is restricted.',
  '4100': 'Transaction failed because the user failed to log in.',
  '1003': 'Transaction cancelled after successfully authorized.',
} as const;
export type MomoDeclineCode = keyof typeof declines;
const declineCodes = Object.keys(declines) as [MomoDeclineCode, ...MomoDeclineCode[]];

function outcome(
  action: Exclude<MomoSandboxAction, 'approve_lost_ipn'>,
  decline: MomoDeclineCode,
): { resultCode: number; message: string } {
  if (action === 'approve') return { resultCode: 0, message: 'Successful.' };
  // The payer confirmed, and MoMo has not finished: money may be on its way, no IPN yet.
  if (action === 'processing') return { resultCode: 7000, message: 'Transaction is being processed.' };
  if (action === 'cancel') return { resultCode: 1006, message: 'Transaction denied by user.' };
  return { resultCode: Number(decline), message: declines[decline] };
}

const payTypes: Record<string, string> = { captureWallet: 'qr', payWithATM: 'napas', payWithCC: 'credit' };

const createBody = z.object({
  partnerCode: z.string(),
  accessKey: z.string(),
  requestId: z.string().min(1).max(50),
  amount: z.number().int(),
  orderId: z
    .string()
    .regex(/^[0-9a-zA-Z]([-_.]*[0-9a-zA-Z]+)*$/)
    .max(200),
  orderInfo: z.string().max(255),
  redirectUrl: z.string().url(),
  ipnUrl: z.string().url(),
  requestType: z.string(),
  extraData: z.string(),
  lang: z.enum(['vi', 'en']).default('vi'),
  signature: z.string(),
});

const queryBody = z.object({
  partnerCode: z.string(),
  accessKey: z.string(),
  requestId: z.string().min(1).max(50),
  orderId: z.string().min(1).max(200),
  signature: z.string(),
});

const json = (body: Record<string, unknown>, status = 200) => Response.json(body, { status });

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The shared answer shape of an API refusal (MoMo's result codes). */
const refusal = (
  config: MomoConfig,
  body: { requestId?: string; orderId?: string },
  resultCode: number,
  message: string,
) =>
  json(
    {
      partnerCode: config.partnerCode,
      requestId: body.requestId ?? '',
      orderId: body.orderId ?? '',
      responseTime: Date.now(),
      resultCode,
      message,
    },
    resultCode === 20 ? 400 : 200,
  );

async function create(request: SandboxRequest, config: MomoConfig): Promise<Response> {
  const parsed = createBody.safeParse(parseJson(request.rawBody));
  if (!parsed.success) return refusal(config, {}, 20, 'Bad format request.');
  const body = parsed.data;
  if (body.partnerCode !== config.partnerCode || body.accessKey !== config.accessKey) {
    return refusal(config, body, 11, 'Access denied.');
  }
  if (!verify(CREATE_FIELDS, body, body.signature, config.secretKey)) {
    return refusal(config, body, 13, 'Merchant authentication failed.');
  }
  const limit = limits[body.requestType];
  if (!limit) return refusal(config, body, 20, 'Unsupported requestType.');
  if (body.amount < limit.min || body.amount > limit.max) {
    return refusal(config, body, 22, 'Transaction amount is out of range.');
  }
  const { signature: _signature, partnerCode: _partner, accessKey: _access, ...stored } = body;
  if (!(await insertSandboxPayment(GATEWAY, body.orderId, { request: stored } satisfies SandboxPayment))) {
    return refusal(config, body, 41, 'Duplicated orderId.');
  }
  const payUrl = `${config.endpoint}/pay?orderId=${encodeURIComponent(body.orderId)}`;
  return json({
    partnerCode: config.partnerCode,
    requestId: body.requestId,
    orderId: body.orderId,
    amount: body.amount,
    responseTime: Date.now(),
    message: 'Successful.',
    resultCode: 0,
    payUrl,
    deeplink: `momo://app?action=payWithApp&orderId=${encodeURIComponent(body.orderId)}`,
    qrCodeUrl: `momo://app?action=payWithApp&orderId=${encodeURIComponent(body.orderId)}`,
  });
}

async function query(request: SandboxRequest, config: MomoConfig): Promise<Response> {
  const parsed = queryBody.safeParse(parseJson(request.rawBody));
  if (!parsed.success) return refusal(config, {}, 20, 'Bad format request.');
  const body = parsed.data;
  if (body.partnerCode !== config.partnerCode || body.accessKey !== config.accessKey) {
    return refusal(config, body, 11, 'Access denied.');
  }
  if (!verify(QUERY_FIELDS, body, body.signature, config.secretKey)) {
    return refusal(config, body, 13, 'Merchant authentication failed.');
  }
  const payment = await readSandboxPayment<SandboxPayment>(GATEWAY, body.orderId);
  if (!payment) return refusal(config, body, 42, 'Invalid orderId or orderId is not found.');
  const result = payment.result;
  return json({
    partnerCode: config.partnerCode,
    requestId: body.requestId,
    orderId: body.orderId,
    extraData: payment.request.extraData,
    amount: payment.request.amount,
    transId: result?.transId ?? 0,
    payType: result?.payType ?? '',
    resultCode: result?.resultCode ?? 1000,
    refundTrans: payment.refunds ?? [],
    message: result?.message ?? 'Transaction is initiated, waiting for user confirmation.',
    responseTime: Date.now(),
  });
}

const refundBody = z.object({
  partnerCode: z.string(),
  accessKey: z.string(),
  requestId: z.string().min(1).max(50),
  orderId: z.string().min(1).max(200),
  amount: z.number().int(),
  transId: z.union([z.number(), z.string()]),
  lang: z.string().optional(),
  description: z.string().max(255),
  signature: z.string(),
});

/** The payment MoMo numbered `transId` (a refund names the payment by it, not by its order id). */
async function paymentOfTrans(transId: string): Promise<{ orderId: string; payment: SandboxPayment } | null> {
  const found = await findSandboxPayment<SandboxPayment>(GATEWAY, ['result', 'transId'], transId);
  return found ? { orderId: found.ref, payment: found.payment } : null;
}

/**
 * Refunds `amount` of a paid payment in this stand-in's records, as MoMo's refund API or its
 * merchant portal would; 0 done, 1081 not refundable (not paid), 1080 more than is left, 41 that
 * refund's order id was used already.
 */
export async function refundSandboxPayment(
  paymentOrderId: string,
  amount: number,
  refundOrderId: string | null,
): Promise<number> {
  const payment = await readSandboxPayment<SandboxPayment>(GATEWAY, paymentOrderId);
  if (!payment?.result || Number(payment.result.resultCode) !== 0) return 1081;
  const refunds = payment.refunds ?? [];
  if (refundOrderId && refunds.some((refund) => refund.orderId === refundOrderId)) return 41;
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  if (!Number.isInteger(amount) || amount < 1_000 || refunded + amount > payment.request.amount) return 1080;
  const refund: SandboxRefund = {
    orderId: refundOrderId ?? `portal-${randomInt(100_000_000, 999_999_999)}`,
    amount,
    resultCode: 0,
    transId: randomInt(1_000_000_000, 9_999_999_999),
    createdTime: Date.now(),
  };
  await writeSandboxPayment(GATEWAY, paymentOrderId, {
    ...payment,
    refunds: [...refunds, refund],
  } satisfies SandboxPayment);
  return 0;
}

async function refund(request: SandboxRequest, config: MomoConfig): Promise<Response> {
  const parsed = refundBody.safeParse(parseJson(request.rawBody));
  if (!parsed.success) return refusal(config, {}, 20, 'Bad format request.');
  const body = parsed.data;
  if (body.partnerCode !== config.partnerCode || body.accessKey !== config.accessKey) {
    return refusal(config, body, 11, 'Access denied.');
  }
  if (!verify(REFUND_FIELDS, body, body.signature, config.secretKey)) {
    return refusal(config, body, 13, 'Merchant authentication failed.');
  }
  const paid = await paymentOfTrans(String(body.transId));
  if (!paid) return refusal(config, body, 42, 'Invalid orderId or orderId is not found.');
  const resultCode = await refundSandboxPayment(paid.orderId, body.amount, body.orderId);
  if (resultCode !== 0) {
    const messages: Record<number, string> = {
      41: 'Duplicated orderId.',
      1080: 'Refund failed: the amount is more than what is left to refund.',
      1081: 'Refund rejected: the original transaction is not refundable.',
    };
    return refusal(config, body, resultCode, messages[resultCode] ?? 'Refund failed.');
  }
  const after = await readSandboxPayment<SandboxPayment>(GATEWAY, paid.orderId);
  const made = after?.refunds?.find((r) => r.orderId === body.orderId);
  return json({
    partnerCode: config.partnerCode,
    orderId: body.orderId,
    requestId: body.requestId,
    amount: body.amount,
    transId: made?.transId ?? 0,
    resultCode: 0,
    message: 'Successful.',
    responseTime: Date.now(),
  });
}

const text = {
  vi: {
    title: 'Cổng thanh toán MoMo (môi trường thử)',
    note: 'Trang thử nghiệm cục bộ, đóng vai MoMo. Không có tiền thật được chuyển.',
    amount: 'Số tiền',
    order: 'Mã đơn hàng',
    info: 'Nội dung',
    method: 'Hình thức',
    approve: 'Xác nhận thanh toán',
    approve_lost_ipn: 'Thanh toán, nhưng mất IPN',
    processing: 'Thanh toán, MoMo vẫn đang xử lý',
    decline: 'Từ chối thanh toán',
    cancel: 'Hủy giao dịch',
    missing: 'Không tìm thấy giao dịch.',
    done: 'Giao dịch này đã được xử lý.',
    declineReason: 'Lý do từ chối',
    declines: {
      '1001': 'Không đủ số dư',
      '1002': 'Bị tổ chức phát hành từ chối',
      '1004': 'Vượt hạn mức thanh toán ngày hoặc tháng',
      '1005': 'Đường dẫn hoặc mã QR đã hết hạn',
      '1007': 'Tài khoản không hoạt động hoặc không tồn tại',
      '4001': 'Tài khoản bị hạn chế',
      '4100': 'Đăng nhập không thành công',
      '1003': 'Bị hủy sau khi đã cấp phép',
    } satisfies Record<MomoDeclineCode, string>,
  },
  en: {
    title: 'MoMo payment gateway (sandbox)',
    note: 'A local test page playing MoMo. No real money moves.',
    amount: 'Amount',
    order: 'Order',
    info: 'Description',
    method: 'Payment type',
    approve: 'Confirm payment',
    approve_lost_ipn: 'Pay, but lose the IPN',
    processing: 'Pay, MoMo still processing',
    decline: 'Decline payment',
    cancel: 'Cancel transaction',
    missing: 'Transaction not found.',
    done: 'This transaction has already been processed.',
    declineReason: 'Decline reason',
    declines: {
      '1001': 'Insufficient balance',
      '1002': 'Rejected by the issuer',
      '1004': 'Over the daily or monthly limit',
      '1005': 'Link or QR code expired',
      '1007': 'Account inactive or not found',
      '4001': 'Account restricted',
      '4100': 'Sign-in failed',
      '1003': 'Cancelled after authorisation',
    } satisfies Record<MomoDeclineCode, string>,
  },
};

const brand = { accent: '#a50064', ink: '#2b0a1e', muted: '#6b4a5e', background: '#fbeef6' };
const page = (lang: 'vi' | 'en', body: string) => sandboxPage(lang, text[lang].title, brand, body);

async function showPage(request: SandboxRequest): Promise<Response> {
  const orderId = request.url.searchParams.get('orderId') ?? '';
  const payment = orderId ? await readSandboxPayment<SandboxPayment>(GATEWAY, orderId) : null;
  const lang = payment?.request.lang === 'en' ? 'en' : 'vi';
  const t = text[lang];
  if (!payment) return htmlResponse(404, page(lang, `<p role="alert">${t.missing}</p>`));
  if (payment.result) return htmlResponse(409, page(lang, `<p role="alert">${t.done}</p>`));
  const amount = sandboxAmount(lang, payment.request.amount);
  const button = (action: MomoSandboxAction) =>
    `<button type="submit" name="action" value="${action}">${t[action]}</button>`;
  const reasons = declineChoice(
    t.declineReason,
    declineCodes.map((code) => ({ code, label: t.declines[code] })),
  );
  return htmlResponse(
    200,
    page(
      lang,
      `<p class="note">${t.note}</p><dl><dt>${t.amount}</dt><dd data-testid="sandbox-amount">${escapeHtml(amount)}</dd><dt>${t.order}</dt><dd>${escapeHtml(orderId)}</dd><dt>${t.info}</dt><dd>${escapeHtml(payment.request.orderInfo)}</dd><dt>${t.method}</dt><dd data-testid="sandbox-method">${escapeHtml(payment.request.requestType)}</dd></dl><form method="post" action="${SANDBOX_PATH}/pay"><input type="hidden" name="orderId" value="${escapeHtml(orderId)}">${reasons}${button('approve')}${button('decline')}${button('cancel')}${button('approve_lost_ipn')}${button('processing')}</form>`,
    ),
  );
}

const decision = z.object({
  orderId: z.string().min(1).max(200),
  action: z.enum(['approve', 'approve_lost_ipn', 'processing', 'decline', 'cancel']),
  decline: z.enum(declineCodes).default('1001'),
});

/** The signed result MoMo sends for a decided payment (IPN body and redirect query alike). */
export function signedResult(
  payment: SandboxPayment,
  config: MomoConfig,
  outcome: { resultCode: number; message: string },
  now: Date,
): Record<string, string | number> {
  const { request } = payment;
  const fields: Record<string, string | number> = {
    partnerCode: config.partnerCode,
    orderId: request.orderId,
    requestId: request.requestId,
    amount: request.amount,
    orderInfo: request.orderInfo,
    orderType: 'momo_wallet',
    transId: randomInt(1_000_000_000, 9_999_999_999),
    resultCode: outcome.resultCode,
    message: outcome.message,
    payType: payTypes[request.requestType] ?? 'qr',
    responseTime: now.getTime(),
    extraData: request.extraData,
  };
  return { ...fields, signature: sign(RESULT_FIELDS, { ...fields, accessKey: config.accessKey }, config.secretKey) };
}

/** Plays MoMo's side of the tester's choice: record it, send the IPN (unless "lost"), then the redirect URL. */
export async function decide(
  orderId: string,
  action: MomoSandboxAction,
  config: MomoConfig,
  notify: (ipnBody: string) => Promise<unknown>,
  { now = new Date(), decline = '1001' }: { now?: Date; decline?: MomoDeclineCode } = {},
): Promise<string | null> {
  const payment = await readSandboxPayment<SandboxPayment>(GATEWAY, orderId);
  if (!payment || payment.result) return null;
  const played = outcome(action === 'approve_lost_ipn' ? 'approve' : action, decline);
  const result = signedResult(payment, config, played, now);
  await writeSandboxPayment(GATEWAY, orderId, { ...payment, result } satisfies SandboxPayment);
  if (action !== 'approve_lost_ipn' && action !== 'processing') await notify(JSON.stringify(result));
  const query = new URLSearchParams(Object.entries(result).map(([key, value]) => [key, String(value)]));
  return `${payment.request.redirectUrl}?${query}`;
}

/** MoMo's API paths and the payment page, as served under /api/payments/momo/sandbox/. */
export async function handleSandbox(
  request: SandboxRequest,
  config: MomoConfig,
  notify: (ipnBody: string) => Promise<unknown>,
): Promise<Response> {
  if (request.method === 'POST' && request.path === 'v2/gateway/api/create') return create(request, config);
  if (request.method === 'POST' && request.path === 'v2/gateway/api/query') return query(request, config);
  if (request.method === 'POST' && request.path === 'v2/gateway/api/refund') return refund(request, config);
  if (request.path === 'portal') {
    return portal(
      request,
      'MoMo',
      GATEWAY,
      (ref, amount) => refundSandboxPayment(ref, amount, null).then(String),
      (record) => {
        const payment = record as unknown as SandboxPayment;
        return {
          paid: payment.result && Number(payment.result.resultCode) === 0 ? payment.request.amount : 0,
          refunded: (payment.refunds ?? []).reduce((sum, r) => sum + r.amount, 0),
        };
      },
    );
  }
  if (request.path !== 'pay') return new Response('Not found', { status: 404 });
  if (request.method === 'GET') return showPage(request);
  if (!request.sameOrigin) return new Response('Forbidden', { status: 403 });
  const parsed = decision.safeParse(Object.fromEntries(new URLSearchParams(request.rawBody)));
  if (!parsed.success) return new Response('Bad request', { status: 400 });
  const { orderId, action, decline } = parsed.data;
  const redirect = await decide(orderId, action, config, notify, { decline });
  if (!redirect) return new Response('Not found', { status: 404 });
  return Response.redirect(redirect, 303);
}
