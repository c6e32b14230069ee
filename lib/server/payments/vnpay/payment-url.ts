import 'server-only';
import type { Order } from '@/lib/server/ledger/types';
import { orderDescription } from '@/lib/server/payments/order-description';
import { signedQuery } from './signature';
import type { VnpayConfig } from './config';

/** How long the customer has on VNPay's page; an IPN can still arrive later (VNPay retries ~50 min). */
export const PAYMENT_WINDOW_MS = 15 * 60_000;

const bankCodes: Record<string, string> = {
  qr: 'VNPAYQR',
  domestic_card: 'VNBANK',
  international_card: 'INTCARD',
};

/** yyyyMMddHHmmss in GMT+7, whatever the server's time zone (Vietnam keeps no daylight saving). */
export function vnpayDate(date: Date): string {
  return new Date(date.getTime() + 7 * 3_600_000)
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/[-:T]/g, '');
}

/**
 * VNPay wants Vietnamese without accents and "no special characters": letters, digits and spaces
 * only, at most 255.
 */
export function safeOrderInfo(text: string): string {
  return text
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);
}

/** The signed v2.1.0 payment URL the browser is sent to for one order. */
export function paymentUrl(order: Order, config: VnpayConfig): string {
  const fields: Record<string, string> = {
    vnp_Version: '2.1.0',
    vnp_Command: 'pay',
    vnp_TmnCode: config.tmnCode,
    vnp_Amount: String(order.amount * 100),
    vnp_CurrCode: 'VND',
    vnp_TxnRef: order.id,
    vnp_OrderInfo: safeOrderInfo(orderDescription(order, 'vi')),
    vnp_OrderType: 'other',
    vnp_Locale: order.locale === 'vi' ? 'vn' : 'en',
    vnp_ReturnUrl: config.returnUrl,
    vnp_IpAddr: order.clientIp,
    vnp_CreateDate: vnpayDate(order.createdAt),
    vnp_ExpireDate: vnpayDate(new Date(order.createdAt.getTime() + PAYMENT_WINDOW_MS)),
  };
  const bankCode = bankCodes[order.method];
  if (bankCode) fields.vnp_BankCode = bankCode;
  return `${config.paymentUrl}?${signedQuery(fields, config.hashSecret)}`;
}
