import 'server-only';
import { site } from '@/lib/config/site';
import { ledgerSql } from '@/lib/server/db';
import { accountDirectory } from '@/lib/server/directory';
import type { OrderOwner } from '@/lib/server/ledger/history';
import type { Order } from '@/lib/server/ledger/types';
import { findOrder } from '@/lib/server/ledger/orders';
import { paidEventOf } from '@/lib/server/ledger/payment-events';
import { refundsOfOrder } from '@/lib/server/ledger/refunds';
import { env } from '@/lib/server/env';
import { paymentReference } from '@/lib/shared/payment-history';
import type { Receipt } from '@/lib/shared/receipt';
import { gatewayName } from '@/lib/server/payments/registry';

/**
 * The receipt of a paid order, for its owner only — the account that paid (the pay page) or the
 * team it was paid for (the team page, whose admin has been checked): null for an order that is
 * not paid, not the owner's, or does not exist — alike, so an order id reveals nothing.
 */
export async function receiptFor(owner: OrderOwner, orderId: string): Promise<Receipt | null> {
  const sql = await ledgerSql();
  const order = await findOrder(sql, orderId);
  if (!order || !isOwner(owner, order) || order.status !== 'paid') return null;
  const paid = await paidEventOf(sql, order.id);
  if (!paid) return null;
  const context = await (
    await accountDirectory()
  ).payContext({ platform: order.platform, userId: order.userId, teamId: order.teamId ?? undefined });
  if (!context) return null;
  return {
    orderId: order.id,
    reference: paymentReference(order.id),
    seller: { ...site.seller, email: env().SUPPORT_EMAIL ?? site.supportEmail },
    buyer: {
      platform: order.platform,
      username: context.account.username,
      fullName: context.account.fullName,
      team: order.teamId && context.team ? context.team.name : null,
    },
    item: {
      plan: order.plan,
      months: order.months,
      seats: order.plan === 'team_pro' ? order.seats : null,
      ...(order.quantity !== null ? { quantity: order.quantity } : {}),
      renewalCycle: order.subscriptionCycle,
    },
    amount: order.amount,
    currency: order.currency,
    paidAt: paid.receivedAt.toISOString(),
    gatewayName: gatewayName(order.gateway),
    method: order.method,
    gatewayReference: gatewayReference(order.id, paid.transactionId),
    billing: order.billing,
    creditNotes: (await refundsOfOrder(sql, order.id))
      .filter((refund) => refund.status === 'succeeded')
      .map((refund) => ({
        reference: paymentReference(refund.id),
        amount: refund.amount,
        refundedAt: (refund.settledAt ?? refund.createdAt).toISOString(),
        gatewayReference: refund.gatewayRef,
      })),
  };
}

// A team owns only what was bought for it: a member's own plan, paid from the team's chat, stays theirs.
const isOwner = (owner: OrderOwner, order: Order) =>
  owner.platform === order.platform &&
  ('teamId' in owner ? owner.teamId === order.teamId && order.plan === 'team_pro' : owner.userId === order.userId);

/**
 * The gateway's own id for the payment, as its statements show it. Gateways that number
 * transactions per merchant order are stored as `<order>:<their number>` (VNPay, MoMo), so the
 * order prefix is dropped; a subscription payment (PayPal) is stored under the gateway's ids already.
 */
function gatewayReference(orderId: string, transactionId: string): string {
  return transactionId.startsWith(`${orderId}:`) ? transactionId.slice(orderId.length + 1) : transactionId;
}
