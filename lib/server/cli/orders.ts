/**
 * `npm run orders -- list [--status needs_review] [--limit 50]`
 * `npm run orders -- show <order>`
 * `npm run orders -- resolve <order> --grant|--close|--refund|--record [--amount <minor units>] --note "…" [--by <name>]`
 * `npm run orders -- refund <order> [--amount <minor units>] --reason "…" [--by <name>]`
 * `npm run orders -- refunds [--all] [--limit 50]`
 * The review queue (lib/server/payments/review/) and refunds (lib/server/payments/refunds/).
 * Decisions and refunds are recorded with who (--by, or the OS user), when and why.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ledgerSql } from '@/lib/server/db';
import { countOrders, findOrder, listOrders } from '@/lib/server/ledger/orders';
import type { Order } from '@/lib/server/ledger/types';
import {
  decisionsFor,
  describeDelivery,
  eventsFor,
  recordFromReview,
  refundFromReview,
  resolveOrder,
} from '@/lib/server/payments/review/review';
import { refundOrder } from '@/lib/server/payments/refunds/refund-order';
import { countRequestedRefunds, recentRefunds, refundsOfOrder, requestedRefunds } from '@/lib/server/ledger/refunds';
import { describeRefund, money, parseAmountOption, refundLine } from './refund-text';
import { closeLedgerAndExit, openLedgerForCli } from './ledger-access';

const usage = `usage:
  npm run orders -- list [--status pending|paid|failed|needs_review] [--limit 50]
  npm run orders -- show <order>
  npm run orders -- resolve <order> --grant|--close|--refund|--record [--amount <minor units>] --note "why" [--by <name>]
  npm run orders -- refund <order> [--amount <minor units>] --reason "why" [--by <name>]
  npm run orders -- refunds [--all] [--limit 50]

Amounts are in the order's minor unit: dong for VND, cents for USD. Without --amount, a refund
returns everything still paid. A paid order whose refund report waits (shown as "paid, refund
report") stays paid: --close dismisses the report, --record --amount books the refund found at the
gateway, --refund sends more back.`;

const statuses = ['pending', 'paid', 'failed', 'needs_review'] as const;
const orderId = z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'an order id is letters and digits');

function parseLimit(value: string | undefined): number {
  const limit = z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .safeParse(value ?? 50);
  if (!limit.success) fail('--limit must be a whole number from 1 to 10000');
  return limit.data;
}

function parseAmount(value: string | undefined): number | undefined {
  const parsed = parseAmountOption(value);
  if (parsed === 'invalid') fail('--amount is a whole number of minor units (dong, cents), at least 1');
  return parsed;
}

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

const line = (order: Order) =>
  [
    order.id,
    (order.refundHeldAt && order.status !== 'needs_review' ? `${order.status}, refund report` : order.status).padEnd(
      12,
    ),
    order.gateway.padEnd(6),
    money(order.amount, order.currency).padEnd(16),
    `${order.platform}:${order.userId}${order.teamId ? ` team ${order.teamId}` : ''}`,
    `${order.plan}/${order.period}${order.seats ? ` ×${order.seats}` : ''}`,
    order.updatedAt.toISOString(),
  ].join('  ');

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        status: { type: 'string' },
        limit: { type: 'string' },
        grant: { type: 'boolean' },
        close: { type: 'boolean' },
        note: { type: 'string' },
        by: { type: 'string' },
        refund: { type: 'boolean' },
        record: { type: 'boolean' },
        amount: { type: 'string' },
        reason: { type: 'string' },
        all: { type: 'boolean' },
      },
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const { positionals, values } = parsed;
  const [command, target] = positionals;

  if (command === 'list') {
    const status = values.status === undefined ? null : z.enum(statuses).safeParse(values.status);
    if (status && !status.success) fail(`--status must be one of ${statuses.join(', ')}`);
    const limit = parseLimit(values.limit);
    await openLedgerForCli();
    const sql = await ledgerSql();
    const orders = await listOrders(sql, status ? status.data : null, limit);
    for (const order of orders) console.log(line(order));
    const review = await countOrders(sql, 'needs_review');
    const waiting = await countRequestedRefunds(sql);
    console.log(`${orders.length} order(s) shown; ${review} need review; ${waiting} refund(s) waiting on a gateway`);
    return closeLedgerAndExit(0);
  }

  if (command === 'show') {
    const id = orderId.safeParse(target);
    if (!id.success) fail('show needs an order id');
    await openLedgerForCli();
    const order = await findOrder(await ledgerSql(), id.data);
    if (!order) {
      console.error(`no order ${id.data}`);
      return closeLedgerAndExit(1);
    }
    const { checkoutStart: _start, ...fields } = order;
    console.log(JSON.stringify(fields, null, 2));
    console.log('events:');
    for (const event of await eventsFor(order.id)) {
      console.log(
        `  ${event.receivedAt.toISOString()}  ${event.transactionId}  code ${event.resultCode}  amount ${money(event.amount, order.currency)}  → ${event.outcome}`,
      );
      console.log(`    ${JSON.stringify(event.payload)}`);
    }
    console.log('refunds:');
    for (const refund of await refundsOfOrder(await ledgerSql(), order.id)) console.log(`  ${refundLine(refund)}`);
    console.log('decisions:');
    for (const decision of await decisionsFor(order.id)) {
      console.log(
        `  ${decision.decidedAt.toISOString()}  ${decision.decision} by ${decision.decidedBy}: ${decision.note}`,
      );
    }
    return closeLedgerAndExit(0);
  }

  if (command === 'resolve') {
    const id = orderId.safeParse(target);
    if (!id.success) fail('resolve needs an order id');
    const chosen = [values.grant, values.close, values.refund, values.record].filter(Boolean).length;
    if (chosen !== 1) fail('resolve needs exactly one of --grant, --close, --refund or --record');
    const note = values.note?.trim();
    if (!note) fail('resolve needs --note "why" (it is recorded with the decision)');
    const by = values.by?.trim() || userInfo().username;
    const amount = parseAmount(values.amount);
    if (values.amount !== undefined && !values.refund && !values.record)
      fail('--amount goes with --refund or --record');
    if (values.record && amount === undefined) fail('--record needs --amount (what the gateway shows was refunded)');
    await openLedgerForCli();
    if (values.record && amount !== undefined) {
      const result = await recordFromReview({ orderId: id.data, amount, note, by });
      if (!result.ok) {
        console.error(
          result.reason === 'not_found'
            ? `no order ${id.data}`
            : result.reason === 'exceeds_paid'
              ? `order ${id.data}: that is more than is still paid; nothing changed`
              : `order ${id.data} has no refund report waiting: nothing changed`,
        );
        return closeLedgerAndExit(1);
      }
      console.log(line(result.order));
      console.log(refundLine(result.refund));
      return closeLedgerAndExit(0);
    }
    if (values.refund) {
      const result = await refundFromReview({ orderId: id.data, amount, note, by });
      if (!result.ok) {
        if (result.reason === 'refund_failed') console.error(describeRefund(id.data, result.refund));
        else
          console.error(
            result.reason === 'not_found'
              ? `no order ${id.data}`
              : `order ${id.data} is ${result.status}, not under review: nothing changed`,
          );
        return closeLedgerAndExit(1);
      }
      console.log(line(result.order));
      console.log(describeRefund(id.data, result.refund));
      return closeLedgerAndExit(0);
    }
    const result = await resolveOrder({ orderId: id.data, decision: values.grant ? 'grant' : 'close', note, by });
    if (!result.ok) {
      console.error(
        result.reason === 'not_found'
          ? `no order ${id.data}`
          : result.reason === 'refund_report'
            ? `order ${id.data} is paid and its refund report waits: --close, --record --amount or --refund`
            : `order ${id.data} is ${result.status}, not under review: nothing changed`,
      );
      return closeLedgerAndExit(1);
    }
    console.log(line(result.order));
    if (result.delivery) console.log(describeDelivery(result.delivery));
    return closeLedgerAndExit(0);
  }

  if (command === 'refund') {
    const id = orderId.safeParse(target);
    if (!id.success) fail('refund needs an order id');
    const reason = values.reason?.trim();
    if (!reason) fail('refund needs --reason "why" (it is recorded with the refund)');
    if (reason.length > 500) fail('--reason is at most 500 characters');
    const amount = parseAmount(values.amount);
    const by = values.by?.trim() || userInfo().username;
    await openLedgerForCli();
    const result = await refundOrder({ orderId: id.data, amount, reason, by });
    const text = describeRefund(id.data, result);
    const succeeded = result.ok && result.answer.state !== 'refused';
    (succeeded ? console.log : console.error)(text);
    return closeLedgerAndExit(succeeded ? 0 : 1);
  }

  if (command === 'refunds') {
    const limit = parseLimit(values.limit);
    await openLedgerForCli();
    const sql = await ledgerSql();
    const refunds = values.all ? await recentRefunds(sql, limit) : await requestedRefunds(sql, new Date(), limit);
    for (const refund of refunds) console.log(refundLine(refund));
    console.log(
      `${refunds.length} refund(s) shown${values.all ? '' : ' (waiting on a gateway; --all for every refund)'}`,
    );
    return closeLedgerAndExit(0);
  }

  fail(command ? `unknown command ${command}` : 'a command is needed');
}

main().catch(async (error: unknown) => {
  console.error('orders failed:', error);
  await closeLedgerAndExit(1);
});
