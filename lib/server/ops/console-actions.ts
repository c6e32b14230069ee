import 'server-only';
import { createHash } from 'node:crypto';
import { ledgerSql } from '@/lib/server/db';
import { log } from '@/lib/server/observability/log';
import type { RefundResult } from '@/lib/server/payments/refunds/refund-order';
import type { OpsErrorCode } from './errors';
import {
  decideAsOperator,
  reconcileAsOperator,
  refundAsOperator,
  refundFromReviewAsOperator,
  retryDeliveryAsOperator,
  type Actor,
} from './actions';
import type { OperatorSession } from './session';
import { claimAction, finishAction, releaseAction } from './store/actions';
import { inviteOperator, revokeOperator } from './operators';
import type { OperatorRole } from './store/operators';

/**
 * The console's actions, each exactly once per idempotency key: the page makes one key per
 * action it shows and sends it with every try, so a double click, a second tab or a retry after a
 * time-out runs the action once and is answered what the first run answered. Two operators acting
 * on one order at once are kept apart by the domain itself (an order's lock, one refund in flight).
 */
export type ConsoleAction =
  | { kind: 'refund'; orderId: string; amount?: number | undefined; reason: string }
  | {
      kind: 'resolve';
      orderId: string;
      decision: 'grant' | 'close' | 'refund';
      note: string;
      amount?: number | undefined;
    }
  | { kind: 'reconcile' }
  | { kind: 'retry_delivery'; outboxId: string }
  | { kind: 'invite_operator'; name: string; role: OperatorRole }
  | { kind: 'revoke_operator'; name: string };

/**
 * `done`: what the page says happened (its message in the console's words); `replayed`: a repeat's
 * answer. `link`: an invitation's, shown to the operator who made it and never stored with the
 * action's result — a repeat answers that the invitation was made, without its link.
 */
export type ActionOutcome =
  | { ok: true; done: string; values: Record<string, string | number>; replayed?: boolean; link?: string }
  | { ok: false; code: OpsErrorCode; values?: Record<string, string | number>; replayed?: boolean };

/** Whether an action needs the passkey proved within the last minutes (docs/operations.md#step-up). */
export const needsStepUp = (action: ConsoleAction) =>
  action.kind === 'refund' ||
  (action.kind === 'resolve' && action.decision === 'refund') ||
  action.kind === 'invite_operator' ||
  action.kind === 'revoke_operator';

/** A refund that failed part-way may have moved money: its key is kept, so no retry refunds again. */
const mayHaveMovedMoney = (action: ConsoleAction) =>
  action.kind === 'refund' || (action.kind === 'resolve' && action.decision === 'refund');

export async function runConsoleAction(
  session: OperatorSession,
  key: string,
  action: ConsoleAction,
): Promise<ActionOutcome> {
  const sql = await ledgerSql();
  const operatorId = session.operator.id;
  const fingerprint = createHash('sha256').update(JSON.stringify(action)).digest('hex');
  const claim = await claimAction(sql, { operatorId, key, action: action.kind, fingerprint, now: new Date() });
  if (!claim.claimed) {
    if (claim.fingerprint !== fingerprint) return { ok: false, code: 'idempotency_conflict' };
    if (!claim.finished) return { ok: false, code: 'action_in_progress' };
    return { ...(claim.result as ActionOutcome), replayed: true };
  }
  let outcome: ActionOutcome;
  try {
    outcome = await perform({ name: session.operator.name, operatorId }, action);
  } catch (error) {
    // A refund that failed part-way may have moved money (the gateway answered, then a write after it
    // failed): its key is never given back, so a retry with it cannot refund again; it answers that
    // the outcome must be read on the order. Every other action is safe to run again.
    if (!mayHaveMovedMoney(action)) {
      await releaseAction(sql, operatorId, key).catch(() => undefined);
      throw error;
    }
    log().error({ err: error, operatorId, action: action.kind }, 'console refund failed part-way');
    outcome = { ok: false, code: 'outcome_unknown' };
  }
  const { link, ...stored } = outcome.ok ? outcome : { ...outcome, link: undefined };
  await finishAction(sql, { operatorId, key, result: stored, now: new Date() });
  return link ? ({ ...stored, link } as ActionOutcome) : outcome;
}

async function perform(actor: Actor, action: ConsoleAction): Promise<ActionOutcome> {
  switch (action.kind) {
    case 'refund':
      return refundOutcome(await refundAsOperator(actor, action));
    case 'resolve': {
      if (action.decision === 'refund') {
        const result = await refundFromReviewAsOperator(actor, action);
        if (result.ok) return refundOutcome(result.refund);
        return result.reason === 'refund_failed' ? refundOutcome(result.refund) : refusal(result.reason);
      }
      const result = await decideAsOperator(actor, { ...action, decision: action.decision });
      if (!result.ok) return refusal(result.reason);
      return { ok: true, done: 'resolved', values: { status: result.order.status, delivery: result.delivery ?? '' } };
    }
    case 'reconcile': {
      const report = await reconcileAsOperator(actor);
      const asked = report.gateways.reduce((sum, g) => sum + g.asked, 0);
      return { ok: true, done: 'reconciled', values: { asked, review: report.needsReview, ms: report.ms } };
    }
    case 'invite_operator': {
      const invited = await inviteOperator({ name: action.name, role: action.role, by: `console:${actor.name}` });
      if (!invited.ok) return { ok: false, code: 'operator_revoked', values: { name: action.name } };
      const values = { name: action.name, role: invited.role, expires: invited.expiresAt.toISOString() };
      return { ok: true, done: invited.created ? 'invited' : 'invited_again', values, link: invited.link };
    }
    case 'revoke_operator': {
      // An admin cannot lock themselves out by mistake: another admin revokes them.
      if (action.name === actor.name) return { ok: false, code: 'revoke_self' };
      const revoked = await revokeOperator({ name: action.name, by: `console:${actor.name}` });
      if (!revoked) return { ok: false, code: 'operator_not_found', values: { name: action.name } };
      return { ok: true, done: 'revoked', values: { name: action.name } };
    }
    case 'retry_delivery': {
      const result = await retryDeliveryAsOperator(actor, action.outboxId);
      if (result === 'not_found') return { ok: false, code: 'outbox_not_found' };
      if (result === 'delivered_before') return { ok: false, code: 'delivered_before' };
      if (result === 'not_due') return { ok: false, code: 'delivery_busy' };
      return { ok: true, done: result === 'delivered' ? 'delivered' : 'delivery_failed', values: {} };
    }
  }
}

const refusal = (reason: 'not_found' | 'not_under_review' | 'refund_report'): ActionOutcome => ({
  ok: false,
  code: reason === 'not_found' ? 'order_not_found' : reason,
});

function refundOutcome(result: RefundResult): ActionOutcome {
  if (!result.ok) {
    const code = result.reason === 'not_found' ? 'order_not_found' : result.reason;
    return { ok: false, code, values: result.remaining === undefined ? {} : { remaining: result.remaining } };
  }
  const { refund, answer } = result;
  const values = { refund: refund.id, amount: refund.amount, currency: refund.currency };
  if (answer.state === 'refused') return { ok: false, code: 'gateway_refused', values: { message: answer.message } };
  return { ok: true, done: answer.state === 'succeeded' ? 'refund_done' : 'refund_pending', values };
}
