/**
 * The pay page's result view lives at `/pay?status=…&code=…` (PRODUCT §11). Success and
 * processing are only ever shown from a stored order (`order=`), never from the query alone.
 */
export const failureCodes = ['failed0', 'failed1', 'failed2'] as const;
export type FailureCode = (typeof failureCodes)[number];

export type PayResult = { status: 'success' } | { status: 'processing' } | { status: 'failed'; code: FailureCode };

export function payResultQuery(result: PayResult, orderId?: string): string {
  const params = new URLSearchParams({ status: result.status });
  if (result.status === 'failed') params.set('code', result.code);
  if (orderId) params.set('order', orderId);
  return `?${params}`;
}

export function isFailureCode(value: unknown): value is FailureCode {
  return typeof value === 'string' && (failureCodes as readonly string[]).includes(value);
}
