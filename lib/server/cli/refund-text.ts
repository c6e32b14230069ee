import { formatMoney } from '@/lib/i18n/format-money';
import type { Currency } from '@/lib/pricing/catalogue';
import type { Refund } from '@/lib/server/ledger/refunds';
import type { RefundResult } from '@/lib/server/payments/refunds/refund-order';

/**
 * An amount as an operator reads it: money in its currency (USD 50 cents is "$0.50", VND 25000 is
 * "₫25,000"), written by the site's one money formatter, which knows each currency's minor unit.
 * The commands' `--amount` stays in minor units; what they print is money.
 */
export const money = (minor: number, currency: Currency): string => formatMoney('en-US', minor, currency);

/** `--amount`: whole minor units; undefined when absent, 'invalid' when not one. */
export function parseAmountOption(value: string | undefined): number | undefined | 'invalid' {
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value.trim())) return 'invalid';
  const amount = Number(value.trim());
  return amount >= 1 ? amount : 'invalid';
}

export const refundLine = (refund: Refund) =>
  [
    refund.id,
    refund.status.padEnd(9),
    refund.origin.padEnd(7),
    money(refund.amount, refund.currency).padEnd(16),
    `order ${refund.orderId}`,
    refund.gatewayRef ? `gateway ${refund.gatewayRef}` : '',
    `by ${refund.requestedBy}: ${refund.reason}`,
    refund.answerMessage ? `(${refund.answerMessage})` : '',
    (refund.settledAt ?? refund.createdAt).toISOString(),
  ]
    .filter(Boolean)
    .join('  ');

const refusals: Record<Exclude<RefundResult, { ok: true }>['reason'], string> = {
  not_found: 'no such order',
  not_paid: 'no payment of this order took money: there is nothing to refund',
  refund_in_progress: 'a refund of this order is waiting for the gateway: see `npm run orders -- refunds`',
  exceeds_paid: 'that is more than is still paid',
  whole_only: 'this gateway refunds a payment only whole, never a part of it: leave out --amount to refund all of it',
  nothing_left: 'everything paid has been refunded already',
  no_refund_api: 'this gateway takes no refund calls from us: refund at the gateway; reconciliation records it',
  gateway_unavailable: 'the gateway is not configured here',
};

/** What an operator reads after asking for a refund. */
export function describeRefund(orderId: string, result: RefundResult): string {
  if (!result.ok) {
    const left =
      result.remaining === undefined
        ? ''
        : ` (still paid: ${result.currency ? money(result.remaining, result.currency) : result.remaining})`;
    return `order ${orderId}: refund not made: ${refusals[result.reason]}${left}`;
  }
  const { refund, answer } = result;
  const what = `refund ${refund.id} of ${money(refund.amount, refund.currency)} for order ${orderId}`;
  switch (answer.state) {
    case 'succeeded':
      return `${what}: done at the gateway (${answer.gatewayRef ?? 'no gateway id'}); the plan follows`;
    case 'refused':
      return `${what}: the gateway said no, nothing changed: ${answer.message} [${answer.code}]`;
    case 'unknown':
      return `${what}: no answer from the gateway yet (${answer.reason}); reconciliation finishes it — nothing is refunded twice`;
  }
}
