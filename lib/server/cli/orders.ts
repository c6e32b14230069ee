/**
 * `npm run orders -- list [--status needs_review] [--limit 50]`
 * `npm run orders -- show <order>`
 * `npm run orders -- resolve <order> --grant|--close|--refund|--record [--amount <minor units>] --note "…" [--by <name>]`
 * `npm run orders -- refund <order> [--amount <minor units>] --reason "…" [--by <name>]`
 * `npm run orders -- refunds [--all] [--limit 50]`
 * The review queue (lib/server/payments/review/) and refunds (lib/server/payments/refunds/).
 * Decisions and refunds are recorded with who (--by, or the OS user), when and why, in the
 * ledger and the operators' audit log — through the same functions the console at /ops calls.
 */
import { orderTerms } from '@/lib/shared/ops-console';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ledgerSql } from '@/lib/server/db';
import { countOrders, findOrder, listOrders } from '@/lib/server/ledger/orders';
import type { Order } from '@/lib/server/ledger/types';
import { decisionsFor, describeDelivery, eventsFor } from '@/lib/server/payments/review/review';
import {
  decideAsOperator,
  recordAsOperator,
  refundAsOperator,
  refundFromReviewAsOperator,
  type Actor,
} from '@/lib/server/ops/actions';
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
    orderTerms(order),
    order.updatedAt.toISOString(),
  ].join('  ');

const options = {
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
} as const;

type Values = ReturnType<typeof parseArgs<{ allowPositionals: true; options: typeof options }>>['values'];

/** The order a command names, or the usage with `why`. */
function orderOf(target: string | undefined, why: string): string {
  const id = orderId.safeParse(target);
  if (!id.success) fail(why);
  return id.data;
}

const operator = (values: Values): Actor => ({ name: values.by?.trim() || userInfo().username, operatorId: null });

async function list(_target: string | undefined, values: Values): Promise<never> {
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

async function show(target: string | undefined): Promise<never> {
  const id = orderOf(target, 'show needs an order id');
  await openLedgerForCli();
  const order = await findOrder(await ledgerSql(), id);
  if (!order) {
    console.error(`no order ${id}`);
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

async function resolve(target: string | undefined, values: Values): Promise<never> {
  const id = orderOf(target, 'resolve needs an order id');
  const chosen = [values.grant, values.close, values.refund, values.record].filter(Boolean).length;
  if (chosen !== 1) fail('resolve needs exactly one of --grant, --close, --refund or --record');
  const note = values.note?.trim();
  if (!note) fail('resolve needs --note "why" (it is recorded with the decision)');
  const by = operator(values);
  const amount = parseAmount(values.amount);
  if (values.amount !== undefined && !values.refund && !values.record) fail('--amount goes with --refund or --record');
  if (values.record && amount === undefined) fail('--record needs --amount (what the gateway shows was refunded)');
  await openLedgerForCli();
  if (values.record && amount !== undefined) return resolveByRecording(id, by, { amount, note });
  if (values.refund) return resolveByRefunding(id, by, { amount, note });
  const result = await decideAsOperator(by, { orderId: id, decision: values.grant ? 'grant' : 'close', note });
  if (!result.ok) {
    console.error(
      result.reason === 'not_found'
        ? `no order ${id}`
        : result.reason === 'refund_report'
          ? `order ${id} is paid and its refund report waits: --close, --record --amount or --refund`
          : `order ${id} is ${result.status}, not under review: nothing changed`,
    );
    return closeLedgerAndExit(1);
  }
  console.log(line(result.order));
  if (result.delivery) console.log(describeDelivery(result.delivery));
  return closeLedgerAndExit(0);
}

/** `resolve --record --amount`: the refund the operator found at the gateway is booked. */
async function resolveByRecording(id: string, by: Actor, input: { amount: number; note: string }): Promise<never> {
  const result = await recordAsOperator(by, { orderId: id, ...input });
  if (!result.ok) {
    console.error(
      result.reason === 'not_found'
        ? `no order ${id}`
        : result.reason === 'exceeds_paid'
          ? `order ${id}: that is more than is still paid; nothing changed`
          : `order ${id} has no refund report waiting: nothing changed`,
    );
    return closeLedgerAndExit(1);
  }
  console.log(line(result.order));
  console.log(refundLine(result.refund));
  return closeLedgerAndExit(0);
}

/** `resolve --refund [--amount]`: the money goes back through the gateway. */
async function resolveByRefunding(id: string, by: Actor, input: { amount?: number; note: string }): Promise<never> {
  const result = await refundFromReviewAsOperator(by, { orderId: id, ...input });
  if (!result.ok) {
    if (result.reason === 'refund_failed') console.error(describeRefund(id, result.refund));
    else
      console.error(
        result.reason === 'not_found'
          ? `no order ${id}`
          : `order ${id} is ${result.status}, not under review: nothing changed`,
      );
    return closeLedgerAndExit(1);
  }
  console.log(line(result.order));
  console.log(describeRefund(id, result.refund));
  return closeLedgerAndExit(0);
}

async function refund(target: string | undefined, values: Values): Promise<never> {
  const id = orderOf(target, 'refund needs an order id');
  const reason = values.reason?.trim();
  if (!reason) fail('refund needs --reason "why" (it is recorded with the refund)');
  if (reason.length > 500) fail('--reason is at most 500 characters');
  const amount = parseAmount(values.amount);
  const by = operator(values);
  await openLedgerForCli();
  const result = await refundAsOperator(by, { orderId: id, amount, reason });
  const text = describeRefund(id, result);
  const succeeded = result.ok && result.answer.state !== 'refused';
  (succeeded ? console.log : console.error)(text);
  return closeLedgerAndExit(succeeded ? 0 : 1);
}

async function refunds(_target: string | undefined, values: Values): Promise<never> {
  const limit = parseLimit(values.limit);
  await openLedgerForCli();
  const sql = await ledgerSql();
  const found = values.all ? await recentRefunds(sql, limit) : await requestedRefunds(sql, new Date(), limit);
  for (const one of found) console.log(refundLine(one));
  console.log(`${found.length} refund(s) shown${values.all ? '' : ' (waiting on a gateway; --all for every refund)'}`);
  return closeLedgerAndExit(0);
}

const commands: Record<string, (target: string | undefined, values: Values) => Promise<never>> = {
  list,
  show,
  resolve,
  refund,
  refunds,
};

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const [command, target] = parsed.positionals;
  const run = command !== undefined && Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!run) fail(command ? `unknown command ${command}` : 'a command is needed');
  await run(target, parsed.values);
}

main().catch(async (error: unknown) => {
  console.error('orders failed:', error);
  await closeLedgerAndExit(1);
});
