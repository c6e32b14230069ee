import 'server-only';
import { accountDirectory, type PayContext, type Subject } from '@/lib/server/directory';
import { ledgerSql } from '@/lib/server/db';
import { findOrder, isOrderId } from '@/lib/server/ledger/orders';
import { gatewayChoices, gatewayName } from '@/lib/server/payments/registry';
import { buyerState } from '@/lib/pricing/buyer';
import { paidPlanIds, type PaidPlanId } from '@/lib/pricing/catalogue';
import { seatsAreValid, type PlanState } from '@/lib/pricing/quote';
import { storedOrderResult } from '@/lib/server/payments/stored-result';
import { paidEventOf } from '@/lib/server/ledger/payment-events';
import { packExpiry } from '@/lib/pricing/pack-quote';
import type { Order } from '@/lib/server/ledger/types';
import { isFailureCode, type Purchase } from '@/lib/shared/pay-result';
import type { PayFormProps } from '@/lib/shared/pay-form';
import { isLinkProblem } from '@/lib/shared/link-problem';
import { isPlatform, site } from '@/lib/config/site';
import { isDeclineReason } from '@/lib/shared/decline';
import type { PayQuery } from '@/lib/shared/pay-query';
import { receiptFor } from '@/lib/server/pay/receipt';
import { listRenewals } from '@/lib/server/pay/renewals';
import { accountStanding, recheckOpenAttempts } from '@/lib/server/checkout/standing';
import { teamAdminRefusal } from '@/lib/server/checkout/team-admin-guard';
import type { PayContextView, PayPageView } from '@/lib/shared/pay-view';
import { env } from '@/lib/server/env';
import type { PaySurface } from '@/lib/shared/gateway-offer';

/** A view without the support address, which loadPayView adds to every one. */
type PayPageContent<View = PayPageView> = View extends unknown ? Omit<View, 'supportEmail'> : never;

/**
 * What `/pay` shows, as `GET /api/pay/view` sends it: with the support address, which every view
 * offers.
 */
export async function loadPayView(
  subject: Subject | null,
  query: PayQuery,
  now: Date,
  surface: PaySurface = 'browser',
): Promise<PayPageView> {
  return { ...(await payPageContent(subject, query, now, surface)), supportEmail: supportEmail() };
}

/** The pay view of a dependency that is down: the page says so and asks again. */
export function unavailablePayView(): PayPageView {
  return { kind: 'result', result: { status: 'unavailable' }, supportEmail: supportEmail() };
}

const supportEmail = () => env().SUPPORT_EMAIL ?? site.supportEmail;

/**
 * A result named by `order=` is read from the store (a forged `?status=success` proves nothing);
 * an explicit failure code or decline reason (each one of a closed set of codes, never text from
 * the address) is shown as is; otherwise the account behind the session; without a session, why
 * the link did not open one (`?link=`).
 */
async function payPageContent(
  subject: Subject | null,
  query: PayQuery,
  now: Date,
  surface: PaySurface,
): Promise<PayPageContent> {
  const status = query.status;
  const orderId = query.order;
  if (status && orderId && isOrderId(orderId)) {
    const sql = await ledgerSql();
    const order = await findOrder(sql, orderId);
    if (!order) return { kind: 'result', result: { status: 'failed', code: 'failed1' } };
    const result = await storedOrderResult(sql, order);
    const signedIn = subject !== null;
    // What was bought is shown to whoever came back from the gateway — often in another browser
    // than the chat's — without naming an account; the plan's expiry and the receipt only to the
    // buyer's own session (the others are told to reach the receipt through the chat).
    if (result.status === 'success') {
      const purchase = await purchaseOf(order, subject !== null && isBuyer(subject, order));
      return { kind: 'result', result: { status: 'success', purchase }, signedIn };
    }
    return { kind: 'result', result, signedIn };
  }
  const code = query.code;
  if (status === 'failed' && isFailureCode(code)) return { kind: 'result', result: { status: 'failed', code } };
  const reason = query.reason;
  if (status === 'declined' && isDeclineReason(reason))
    return { kind: 'result', result: { status: 'declined', reason } };

  const receiptOrder = query.receipt;
  if (receiptOrder !== undefined && subject) {
    const valid = isOrderId(receiptOrder);
    return {
      kind: 'receipt',
      receipt: valid ? await receiptFor({ platform: subject.platform, userId: subject.userId }, receiptOrder) : null,
    };
  }

  if (!subject) {
    const problem = query.link;
    const link = isLinkProblem(problem) ? problem : 'missing';
    return {
      kind: 'result',
      result: { status: 'failed', code: 'failed0', link, ...(isPlatform(query.chat) ? { chat: query.chat } : {}) },
    };
  }
  // Back from a gateway's page: what is still under way is asked about before the form says so,
  // and before the account is read (a payment found taken shows its plan).
  const sql = await ledgerSql();
  await recheckOpenAttempts(sql, subject, now);
  // A session for an account the assistant does not know: failed0 in its own sense.
  const context = await (await accountDirectory()).payContext(subject);
  if (!context) return { kind: 'result', result: { status: 'failed', code: 'failed0' } };

  const view = (state: ReturnType<typeof buyerState>) =>
    state && { plan: state.plan, expiresAt: state.expiresAt?.toISOString() ?? null, seats: state.seats };
  return {
    kind: 'form',
    context: contextView(context),
    now: now.toISOString(),
    renewals: await listRenewals({ platform: subject.platform, userId: subject.userId }, now),
    form: {
      user: view(buyerState(context, 'individual_pro'))!,
      team: view(buyerState(context, 'team_pro')),
      gateways: gatewayChoices(surface),
      now: now.toISOString(),
      initial: initialSelection(query, buyerState(context, 'team_pro')),
      standing: await accountStanding(sql, subject, now),
      ...teamAdminsOnly(context),
    },
  };
}

const isoDate = (date: Date | null) => date?.toISOString() ?? null;

/** The account and team as JSON carries them. */
function contextView({ account, team }: PayContext): PayContextView {
  return {
    account: { ...account, planExpiresAt: isoDate(account.planExpiresAt) },
    team: team && { ...team, planExpiresAt: isoDate(team.planExpiresAt) },
  };
}

/** What the form needs to show a member, instead of a way to pay, that only the team's admins pay Team Pro. */
function teamAdminsOnly(context: PayContext): Pick<PayFormProps, 'teamAdminsOnly'> {
  const refusal = teamAdminRefusal(context, 'team_pro');
  return refusal ? { teamAdminsOnly: { admins: refusal.admins } } : {};
}

const isBuyer = (subject: Subject, order: Order) =>
  subject.platform === order.platform && subject.userId === order.userId;

/**
 * A paid order: the plan, period, seats and amount; for its buyer also the plan's expiry now and
 * the receipt on this page.
 */
async function purchaseOf(order: Order, buyer: boolean): Promise<Purchase> {
  const bought = {
    orderId: order.id,
    plan: order.plan,
    months: order.months,
    seats: order.plan === 'team_pro' ? order.seats : null,
    ...(order.quantity !== null ? { quantity: order.quantity } : {}),
    amount: order.amount,
    currency: order.currency,
    // A payment of a subscription: the view names the renewal it started (and where it is stopped).
    ...(order.subscriptionId ? { renewsWith: gatewayName(order.gateway) } : {}),
    ...(order.paidTwiceOf ? { paidTwice: true as const } : {}),
  };
  if (!buyer) return { ...bought, expiresAt: null, receipt: 'in_chat' };
  // Packs keep their own expiry, from when they were paid; they change no plan.
  if (order.plan === 'query_pack') {
    const paid = await paidEventOf(await ledgerSql(), order.id);
    return { ...bought, expiresAt: paid ? packExpiry(paid.receivedAt).toISOString() : null, receipt: 'here' };
  }
  const context = await (
    await accountDirectory()
  ).payContext({ platform: order.platform, userId: order.userId, teamId: order.teamId ?? undefined });
  const state = context && buyerState(context, order.plan);
  return { ...bought, expiresAt: state?.expiresAt?.toISOString() ?? null, receipt: 'here' };
}

/**
 * `?plan=team_pro&seats=20` (the team page's "add seats" link) preselects the plan and the new
 * team size. Anything else — an unknown plan, a size that is not an increase — is ignored: the
 * page opens as usual and the server checks the real selection at checkout anyway.
 */
function initialSelection(query: PayQuery, team: PlanState | null): PayFormProps['initial'] {
  const plan = query.plan;
  if (!plan || !(paidPlanIds as readonly string[]).includes(plan)) return {};
  const initial: PayFormProps['initial'] = { plan: plan as PaidPlanId };
  const seats = Number(query.seats);
  if (plan === 'team_pro' && team && !seatsAreValid(seats, team)) initial.seats = seats;
  return initial;
}
