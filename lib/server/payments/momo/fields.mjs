// @ts-check
// The fields MoMo signs, in its order (docs/payments.md#momo). Plain JavaScript so the benchmarks,
// which sign IPNs as MoMo would without a compiler, use the very lists the site verifies with
// (./signature.ts).

/** A payment's create request. */
export const CREATE_FIELDS = /** @type {const} */ ([
  'accessKey',
  'amount',
  'extraData',
  'ipnUrl',
  'orderId',
  'orderInfo',
  'partnerCode',
  'redirectUrl',
  'requestId',
  'requestType',
]);

/** The IPN and the browser redirect are signed alike. */
export const RESULT_FIELDS = /** @type {const} */ ([
  'accessKey',
  'amount',
  'extraData',
  'message',
  'orderId',
  'orderInfo',
  'orderType',
  'partnerCode',
  'payType',
  'requestId',
  'responseTime',
  'resultCode',
  'transId',
]);

/** A status query. */
export const QUERY_FIELDS = /** @type {const} */ (['accessKey', 'orderId', 'partnerCode', 'requestId']);

/** A refund of a payment (its own orderId and requestId, the payment's transId). */
export const REFUND_FIELDS = /** @type {const} */ ([
  'accessKey',
  'amount',
  'description',
  'orderId',
  'partnerCode',
  'requestId',
  'transId',
]);
