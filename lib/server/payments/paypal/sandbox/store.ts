import 'server-only';
import { randomBytes } from 'node:crypto';
import { ledgerSql } from '@/lib/server/db';
import {
  paidPlanIds,
  periods,
  plans,
  purchasePeriodIds,
  type PaidPlanId,
  type PurchasePeriodId,
} from '@/lib/pricing/catalogue';

/** The subscriptions the local PayPal sandbox keeps, as PayPal would (never used in production). */
export interface SandboxSubscription {
  id: string;
  planId: string;
  quantity: number;
  customId: string;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED';
  cyclesCompleted: number;
  failedPayments: number;
  lastWebhook: { body: string; type: string } | null;
  /** When regular payments begin (the create call's `start_time`, else when it was created). */
  startTime: Date;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  id: string;
  plan_id: string;
  quantity: number;
  custom_id: string;
  status: SandboxSubscription['status'];
  cycles_completed: number;
  failed_payments: number;
  last_webhook: SandboxSubscription['lastWebhook'];
  start_time: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toSubscription = (row: Row): SandboxSubscription => ({
  id: row.id,
  planId: row.plan_id,
  quantity: row.quantity,
  customId: row.custom_id,
  status: row.status,
  cyclesCompleted: row.cycles_completed,
  failedPayments: row.failed_payments,
  lastWebhook: row.last_webhook,
  startTime: new Date(row.start_time ?? row.created_at),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
export const sandboxId = (prefix: string, length: number) =>
  prefix + [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');

/** The sandbox's own billing plans: one per (plan, period), priced per unit per cycle from the catalogue. */
export function sandboxPlan(planId: string): { plan: PaidPlanId; period: PurchasePeriodId; unitCents: number } | null {
  for (const plan of paidPlanIds) {
    for (const period of purchasePeriodIds) {
      if (planId === `P-SANDBOX-${plan}-${period}`.toUpperCase()) {
        return { plan, period, unitCents: plans[plan].price.USD * periods[period].paidMonths };
      }
    }
  }
  return null;
}

export async function createSandboxSubscription(input: {
  planId: string;
  quantity: number;
  customId: string;
  startTime: Date | null;
}) {
  const sql = await ledgerSql();
  const now = new Date();
  const result = await sql.query<Row>(
    `INSERT INTO paypal_sandbox_subscriptions (id, plan_id, quantity, custom_id, status, start_time, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'APPROVAL_PENDING', $5, $6, $6) RETURNING *`,
    [sandboxId('I-', 12), input.planId, input.quantity, input.customId, input.startTime ?? now, now],
  );
  return toSubscription(result.rows[0]!);
}

export async function findSandboxSubscription(id: string): Promise<SandboxSubscription | null> {
  const result = await (await ledgerSql()).query<Row>('SELECT * FROM paypal_sandbox_subscriptions WHERE id = $1', [id]);
  return result.rows[0] ? toSubscription(result.rows[0]) : null;
}

export async function recentSandboxSubscriptions(limit = 20): Promise<SandboxSubscription[]> {
  const result = await (
    await ledgerSql()
  ).query<Row>('SELECT * FROM paypal_sandbox_subscriptions ORDER BY created_at DESC LIMIT $1', [limit]);
  return result.rows.map(toSubscription);
}

/** Applies one change in a row lock, so two testers' clicks do not lose an update. */
export async function updateSandboxSubscription(
  id: string,
  change: (current: SandboxSubscription) => Partial<SandboxSubscription> | null,
): Promise<SandboxSubscription | null> {
  const sql = await ledgerSql();
  return sql.transaction(async (tx) => {
    const rows = await tx.query<Row>('SELECT * FROM paypal_sandbox_subscriptions WHERE id = $1 FOR UPDATE', [id]);
    if (!rows.rows[0]) return null;
    const current = toSubscription(rows.rows[0]);
    const patch = change(current);
    if (!patch) return null;
    const next = { ...current, ...patch, updatedAt: new Date() };
    await tx.query(
      `UPDATE paypal_sandbox_subscriptions
          SET status = $2, cycles_completed = $3, failed_payments = $4, last_webhook = $5, updated_at = $6
        WHERE id = $1`,
      [id, next.status, next.cyclesCompleted, next.failedPayments, JSON.stringify(next.lastWebhook), next.updatedAt],
    );
    return next;
  });
}

/** The subscription as PayPal's GET /v1/billing/subscriptions/{id} shows it. */
/** The start, then a cycle of the plan's period after each payment taken: the next charge's date. */
function nextBillingTime(start: Date, cyclesCompleted: number, period: PurchasePeriodId): string {
  const next = new Date(start);
  next.setUTCMonth(next.getUTCMonth() + periods[period].months * cyclesCompleted);
  return next.toISOString();
}

/** PayPal takes the first payment on approval unless the subscription starts later. */
export const startsLater = (subscription: Pick<SandboxSubscription, 'startTime'>, now: Date) =>
  subscription.startTime.getTime() > now.getTime();

export function subscriptionJson(subscription: SandboxSubscription, origin: string) {
  const plan = sandboxPlan(subscription.planId);
  const cycleCents = (plan?.unitCents ?? 0) * subscription.quantity;
  return {
    id: subscription.id,
    status: subscription.status,
    plan_id: subscription.planId,
    custom_id: subscription.customId,
    quantity: String(subscription.quantity),
    start_time: subscription.startTime.toISOString(),
    create_time: subscription.createdAt.toISOString(),
    update_time: subscription.updatedAt.toISOString(),
    billing_info: {
      cycle_executions: [
        { tenure_type: 'REGULAR', sequence: 1, cycles_completed: subscription.cyclesCompleted, total_cycles: 0 },
      ],
      failed_payments_count: subscription.failedPayments,
      ...(subscription.status === 'ACTIVE' && plan
        ? { next_billing_time: nextBillingTime(subscription.startTime, subscription.cyclesCompleted, plan.period) }
        : {}),
      ...(subscription.cyclesCompleted > 0
        ? {
            last_payment: {
              amount: { currency_code: 'USD', value: (cycleCents / 100).toFixed(2) },
              time: subscription.updatedAt.toISOString(),
            },
          }
        : {}),
    },
    links: [{ href: `${origin}/api/payments/paypal/sandbox?subscription=${subscription.id}`, rel: 'approve' }],
  };
}
