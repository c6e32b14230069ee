import 'server-only';
import { ledgerSql } from '@/lib/server/db';
import { accountDirectory } from '@/lib/server/directory';
import {
  leaseDueMessages,
  leaseMessage,
  markAttemptFailed,
  markDelivered,
  revocationId,
  waitingRevocationIds,
  type LeasedMessage,
} from '@/lib/server/ledger/outbox';
import { log } from '@/lib/server/observability/log';
import { metrics } from '@/lib/server/observability/metrics';

/*
 * The outbox's deliverer (docs/payments.md#grants-and-the-outbox): it hands the account directory
 * what the ledger wrote into the outbox — a paid order's grant, a refund's revocation — once each,
 * right after the commit and then on a timer until the directory took it.
 */

/** Retry delays double from 2 s up to 10 min, with full jitter so a recovering backend is not stampeded. */
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 600_000;
const BATCH = 50;

export function retryDelayMs(attempts: number, random = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempts, 20));
  return Math.max(FIRST_RETRY_MS / 2, Math.floor(random() * ceiling));
}

export type DeliveryResult = 'delivered' | 'retry_later' | 'not_due';

/**
 * Delivers one outbox message now (an order's grant right after settlement, a refund's revocation
 * right after the refund). Never throws: a failure is recorded on the outbox row and left to
 * `deliverDueMessages`.
 */
async function deliverNow(id: string, now: Date): Promise<DeliveryResult> {
  try {
    const sql = await ledgerSql();
    const leased = await leaseMessage(sql, id, now);
    return leased ? await deliver(leased, now) : 'not_due';
  } catch (error) {
    log().error({ err: error, outbox: id }, 'outbox: could not deliver');
    return 'retry_later';
  }
}

/** Delivers one order's grant now (its outbox row's id is the order's). */
export const deliverGrant = (orderId: string, now = new Date()) => deliverNow(orderId, now);

/**
 * An operator's retry of one outbox message (the console): delivered now if it is undelivered and
 * nobody holds its lease — a message being delivered this moment, or delivered already, is not
 * delivered again (`not_due`).
 */
export const retryDelivery = (id: string, now = new Date()) => deliverNow(id, now);

/** Delivers one refund's revocation now. */
export const deliverRevocation = (refundId: string, now = new Date()) => deliverNow(revocationId(refundId), now);

const inFlightSlot = Symbol.for('quorum.outboxDeliveriesInFlight');
type InFlightSlot = { [inFlightSlot]?: Map<string, Promise<unknown>> };
const inFlight = () => ((globalThis as InFlightSlot)[inFlightSlot] ??= new Map());

/**
 * Runs work that follows a settlement without holding the gateway's acknowledgement (a grant's
 * delivery, the paid-twice check), tracked under `key` so `backgroundDeliveriesFinished` waits for it.
 * `work` must not throw.
 */
export function runInBackground<T>(key: string, work: () => Promise<T>): Promise<T> {
  const deliveries = inFlight();
  const running: Promise<T> = work().finally(() => {
    if (deliveries.get(key) === running) deliveries.delete(key);
  });
  deliveries.set(key, running);
  return running;
}

/**
 * Starts delivering a just-settled order's grant and returns at once: the gateway's acknowledgement
 * must not wait for the chat backend (a slow backend would hold every IPN for its whole time budget,
 * and a gateway that times out retries or gives up). The grant is already in the outbox, committed
 * with the settlement, so a delivery lost with the process is made by the deliverer's next round.
 */
export function deliverGrantInBackground(orderId: string, now = new Date()): void {
  void runInBackground(orderId, () => deliverGrant(orderId, now));
}

/**
 * Waits for the background delivery of one order's grant, if one is under way in this process (at
 * most `withinMs` when given): for the payer's own request (PayPal's confirm, a gateway's return),
 * who would rather see the plan applied than "processing".
 */
export async function grantDeliveryFinished(orderId: string, withinMs?: number): Promise<void> {
  const delivery = inFlight().get(orderId);
  if (!delivery) return;
  if (withinMs === undefined) {
    await delivery;
    return;
  }
  await waitAtMost(delivery, withinMs);
}

/** At most `ms` of waiting for `work`, which goes on by itself if it takes longer. */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Resolves when all background work started so far has finished (a CLI before it exits, tests). */
export async function backgroundDeliveriesFinished(): Promise<void> {
  const deliveries = inFlight();
  while (deliveries.size > 0) await Promise.allSettled([...deliveries.values()]);
}

/** One round of the deliverer: every outbox message (grant or revocation) whose next attempt is due. */
export async function deliverDueMessages(now = new Date()): Promise<{ delivered: number; failed: number }> {
  const sql = await ledgerSql();
  const counts = { delivered: 0, failed: 0 };
  for (;;) {
    const batch = await leaseDueMessages(sql, now, BATCH);
    for (const leased of batch) {
      if ((await deliver(leased, now)) === 'delivered') counts.delivered += 1;
      else counts.failed += 1;
    }
    if (batch.length < BATCH) return counts;
  }
}

async function deliver({ id, message, attempts }: LeasedMessage, now: Date): Promise<DeliveryResult> {
  const sql = await ledgerSql();
  try {
    const directory = await accountDirectory();
    const result =
      message.kind === 'grant'
        ? await directory.applyGrant(message.grant)
        : await directory.applyRevocation(message.revocation);
    // A message for an account or team the directory no longer knows stays in the outbox for an operator.
    if (result.status === 'not_found') throw new Error('the directory does not know this account or team');
    await markDelivered(sql, id, new Date(), result.expiresAt);
    (message.kind === 'grant' ? metrics().grants : metrics().revocations).inc({ status: result.status });
    log().info({ outbox: id, kind: message.kind, status: result.status }, 'outbox: delivered');
    // A refund that came while this grant waited has waited for it (lib/server/ledger/outbox.ts): now it may follow.
    if (message.kind === 'grant') await deliverWaitingRevocations(message.grant.orderId, now);
    return 'delivered';
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    await markAttemptFailed(sql, id, new Date(now.getTime() + retryDelayMs(attempts)), text);
    log().warn({ outbox: id, kind: message.kind, attempt: attempts + 1, error: text }, 'outbox: delivery failed');
    return 'retry_later';
  }
}

/** Never throws: a revocation not delivered here is due already, and the deliverer's next round takes it. */
async function deliverWaitingRevocations(orderId: string, now: Date): Promise<void> {
  try {
    for (const id of await waitingRevocationIds(await ledgerSql(), orderId)) await deliverNow(id, now);
  } catch (error) {
    log().error({ err: error, order: orderId }, 'outbox: could not look up revocations waiting for their grant');
  }
}

const timerSlot = Symbol.for('quorum.outboxDeliverer');
type TimerSlot = { [timerSlot]?: NodeJS.Timeout };

/**
 * Runs `deliverDueMessages` every `intervalMs` in this process (started with the server), so grants and revocations
 * left behind by a failing directory or a restart are delivered without anyone asking.
 */
export function startOutboxDeliverer(intervalMs: number): void {
  const holder = globalThis as TimerSlot;
  if (holder[timerSlot]) return;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    deliverDueMessages()
      .then(({ delivered, failed }) => {
        if (delivered || failed) log().info({ delivered, failed }, 'outbox: delivery round');
      })
      .catch((error: unknown) => log().error({ err: error }, 'outbox: delivery round failed'))
      .finally(() => (running = false));
  };
  holder[timerSlot] = setInterval(tick, intervalMs);
  holder[timerSlot].unref();
  tick();
}
