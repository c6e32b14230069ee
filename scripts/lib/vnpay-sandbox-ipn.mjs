// @ts-check
// A success IPN as the local VNPay sandbox's terminal signs it, for the redirect URL a checkout
// answered: the one copy the benchmarks and the integration tests send (plain JavaScript, so they
// need no compiler; the site's own signing is lib/server/payments/vnpay/signature.ts).
import { createHmac } from 'node:crypto';

/**
 * The sandbox's hash secret, derived from PAYLINK_SECRET as lib/server/session/secret.ts
 * `derivedKey('vnpay-sandbox')` derives it.
 * @param {string} paylinkSecret
 */
export function vnpaySandboxHashSecret(paylinkSecret) {
  return createHmac('sha256', Buffer.from(paylinkSecret)).update('quorum:vnpay-sandbox').digest('hex');
}

/**
 * The query string of a signed success IPN for the order behind `redirectUrl`.
 * @param {string} redirectUrl @param {number} transactionNo @param {string} hashSecret
 */
export function signedVnpayIpn(redirectUrl, transactionNo, hashSecret) {
  const o = Object.fromEntries(new URL(redirectUrl).searchParams);
  /** @type {Record<string, string | undefined>} */
  const fields = {
    vnp_Amount: o.vnp_Amount,
    vnp_BankCode: 'NCB',
    vnp_OrderInfo: o.vnp_OrderInfo,
    vnp_PayDate: o.vnp_CreateDate,
    vnp_ResponseCode: '00',
    vnp_TmnCode: o.vnp_TmnCode,
    vnp_TransactionNo: String(transactionNo),
    vnp_TransactionStatus: '00',
    vnp_TxnRef: o.vnp_TxnRef,
  };
  const data = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${encodeURIComponent(fields[k] ?? '').replace(/%20/g, '+')}`)
    .join('&');
  return `${data}&vnp_SecureHash=${createHmac('sha512', hashSecret).update(data).digest('hex')}`;
}
