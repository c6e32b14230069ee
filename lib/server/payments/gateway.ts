import 'server-only';
import type { GatewayOffer } from '@/lib/shared/gateway-offer';
import type { CheckoutErrorCode, CheckoutStart } from '@/lib/shared/checkout';
import type { Order, PaymentEvent, PaymentOutcome } from '@/lib/server/ledger/types';
import type { PageSources } from '@/lib/security/csp.mjs';
import type { Renewal } from '@/lib/shared/renewals';
import type { Platform } from '@/lib/config/site';
import type { DeclineReason } from '@/lib/shared/decline';

/*
 * The gateway seam (docs/architecture.md, docs/payments.md).
 *
 * Every payment gateway is one `PaymentGateway`, implemented in its own folder
 * (lib/server/payments/<id>/) and listed once in ./registry.ts. Nothing else names a gateway:
 * - the pay page offers `registry.gatewayChoices()` (what each accepts, and whether it is
 *   available now) and the browser receives those facts as props;
 * - checkout (lib/server/checkout/start-checkout.ts) prices and records the order, then asks the
 *   gateway to `begin` it: a continuation the pay form dispatches on by kind (a redirect, or the
 *   gateway's browser SDK, whose component components/pay/continuations.ts names; the offer says
 *   which, so the form draws the right control first). What an SDK's component receives
 *   (`clientOptions`, a start's `params`) is opaque between this folder and that component;
 * - callbacks arrive at /api/payments/<id>/ipn and browser returns at /api/payments/<id>/return
 *   (app/api/payments/[gateway]/…), which hand the raw request to `verifyCallback` / `returnOrderId`
 *   (signature first, then zod on the fields), settle each verified event through
 *   settle.ts#settlePayment — the one settlement path — and reply with `answer`; a gateway whose
 *   notification is not one payment implements `handleCallback` instead (HandledCallbacks);
 * - the pay page's Content-Security-Policy allows the hosts each gateway declares in its own
 *   page-sources.json (`pageSources`; its callers hand them to lib/security/csp.mjs);
 * - reconciliation (./reconcile.ts) asks `query` about orders still pending after
 *   `paymentWindowMs` (and those `overdue` names) and settles what the gateway reports through the
 *   same settlePayment;
 * - a gateway's local sandbox (never in production) is served at /api/payments/<id>/sandbox/…, and
 *   hands the callbacks it makes to the `deliver` function the route gives it.
 * A gateway with its own extra endpoints (PayPal's confirm, and its webhook address, registered
 * with PayPal before the generic route served it) adds thin route files that call into its folder.
 *
 * Adding a gateway: its folder (offer, config, begin, callbacks, query, sandbox, page-sources.json
 * when its browser half loads anything) and the places the checklist lists
 * (docs/architecture.md#adding-a-gateway-what-it-touches-outside-its-folder): a line in registry.ts,
 * its variables in lib/server/env.ts, its name and methods in messages/*.json; with a browser SDK,
 * also its component (components/pay/<id>-*.tsx) and a line in components/pay/continuations.ts.
 * tests/payments/gateway-boundary.test.ts reads that checklist and fails when a gateway's name is
 * written anywhere else.
 */

/** What a callback route hands the gateway: the request exactly as received (signatures cover raw bytes). */
export interface CallbackInput {
  method: string;
  url: URL;
  headers: Headers;
  rawBody: string;
}

/** A settlement-ready event, before the clock is applied. */
export type GatewayEvent = Omit<PaymentEvent, 'now'>;

export type VerifiedCallback =
  | { ok: true; events: GatewayEvent[] }
  /** bad_signature: not from the gateway (or not for us); malformed: signed but not the documented shape. */
  | { ok: false; reason: 'bad_signature' | 'malformed' };

/** What happened to a callback, for the gateway's own reply format. */
export type CallbackVerdict =
  | { kind: 'settled'; outcome: PaymentOutcome }
  /** Verified, but nothing to settle (an informational or non-final notice). */
  | { kind: 'ignored' }
  | { kind: 'rejected'; reason: 'bad_signature' | 'malformed' }
  /** Our side failed (database down…): the gateway must retry. */
  | { kind: 'error' };

export interface GatewayReply {
  status: number;
  /** JSON body; absent for an empty reply (MoMo's 204). */
  json?: unknown;
}

/** How checkout continues in the browser: a tagged union the pay form dispatches on by kind. */
export type { CheckoutStart };

export type BeginResult =
  | {
      ok: true;
      start: CheckoutStart;
      /** The gateway's own reference for the order, stored on it. */ gatewayRef?: string;
    }
  /** A gateway-side refusal or failure, as a translated code (never a 500). */
  | { ok: false; code: CheckoutErrorCode };

/** What the gateway's own records say about an order (reconciliation). */
export type QueryResult =
  /** A final answer: settle it. */
  | { state: 'final'; event: GatewayEvent }
  /**
   * The payer may still be paying, or the gateway is still processing: ask again later.
   * `awaitingPayer`: the gateway is only waiting for the payer to act (nothing is on its way yet), so
   * a payer who is back on the pay page has left it unpaid.
   */
  | { state: 'pending'; awaitingPayer?: boolean }
  /** The gateway has no payment for this order: the payer never paid. */
  | { state: 'not_found' }
  /** The gateway could not be asked (network, bad answer, this gateway has no query). */
  | { state: 'unavailable'; reason: string };

/** The payment a refund returns money from, as settlement recorded it (the gateway's ids are in it). */
export interface SettledPayment {
  transactionId: string;
  payload: Record<string, unknown>;
}

/** A refund to ask the gateway for. `refundId` is the request id it receives, so a repeat is the same refund. */
export interface RefundCall {
  refundId: string;
  order: Order;
  payment: SettledPayment;
  /** In the order's minor unit; `whole` when it is everything still paid (VNPay's type 02). */
  amount: number;
  whole: boolean;
  reason: string;
  by: string;
}

export type RefundAnswer =
  /** The gateway took the refund (done, or on its way to the payer): the money is going back. */
  | { state: 'succeeded'; gatewayRef: string | null; code: string }
  /** The gateway said no (too old, already pending, original not successful…): nothing moved. */
  | { state: 'refused'; code: string; message: string }
  /** No answer that says either (a time-out, a bad answer): reconciliation asks again. */
  | { state: 'unknown'; reason: string };

/** One refund a gateway lists for a payment, wherever it was made. */
export interface ReportedRefund {
  /** The gateway's own id for the refund; null when its answer names none (then none is printed). */
  gatewayRef: string | null;
  amount: number;
  /** Our request id, when the gateway echoes it (then the refund is one of ours). */
  requestId: string | null;
}

/** What a gateway's records say about a payment's refunds (reconciliation). */
export type RefundReport =
  /** Each refund, with its amount (MoMo's query). */
  | { state: 'listed'; refunds: ReportedRefund[] }
  /**
   * Only whether money went back, not how much of it (VNPay querydr's transaction status). `seen`:
   * the signed answer's fields that describe the payment's refunds, compared with the last answer
   * to tell a new refund from one already matched; `refundRef`: the gateway's own id for the latest
   * refund, when the answer names one that is not the payment's.
   */
  | {
      state: 'summary';
      refunded: 'none' | 'whole' | 'part' | 'rejected';
      seen?: Record<string, string>;
      refundRef?: string | null;
    }
  | { state: 'unavailable'; reason: string };

/** Sends a callback through the site's callback path (./callbacks.ts), as if the gateway had; its reply. */
export type DeliverCallback = (input: CallbackInput) => Promise<GatewayReply>;

export interface SandboxRequest {
  method: string;
  url: URL;
  /** Path below /api/payments/<id>/sandbox ('' for the payment page itself). */
  path: string;
  headers: Headers;
  rawBody: string;
  /** The browser says the request comes from this site's own pages (the sandbox page's buttons). */
  sameOrigin: boolean;
}

/**
 * A gateway whose notification is one signed message naming its payments: the generic route
 * verifies it, settles each event through settlePayment and answers in the gateway's format
 * (VNPay, MoMo).
 */
export interface EventCallbacks {
  /** Authenticates a server-to-server callback and turns it into settlement events. */
  verifyCallback(input: CallbackInput): Promise<VerifiedCallback>;
  /** The gateway's expected reply to a callback. */
  answer(verdict: CallbackVerdict): GatewayReply;
  handleCallback?: never;
}

/** A callback a gateway handled itself, and what to count it as (the callbacks metric's outcome). */
export interface HandledCallback extends GatewayReply {
  outcome: string;
}

/**
 * A gateway whose notification is not one payment (PayPal: an event makes it re-read a
 * subscription and settle each of its payments): the generic route hands it the request as
 * received, and the gateway authenticates it on those bytes, settles through settlePayment and
 * answers after the commit itself.
 */
export interface HandledCallbacks {
  handleCallback(input: CallbackInput): Promise<HandledCallback>;
  /** Its reply to a notification over the routes' size limit, which is never read. */
  readonly tooLarge: HandledCallback;
  verifyCallback?: never;
  answer?: never;
}

export type PaymentGateway = GatewayBase & (EventCallbacks | HandledCallbacks);

interface GatewayBase {
  /** The id in URLs, orders and events; also its messages key (PayPage.form.gateways.<id>). */
  readonly id: string;
  /** What the payer may choose and pay with it (currency, methods, limits). */
  readonly offer: GatewayOffer;
  /**
   * Hosts its browser half loads from on the pay page (an SDK, its frames), declared in its folder's
   * page-sources.json, which the pay page's Content-Security-Policy is built from (the build reads
   * the same files: scripts/csp/gateway-sources.mjs). Absent: the payer leaves for the gateway's
   * own page, and the pay page loads nothing of it.
   */
  readonly pageSources?: PageSources;
  /**
   * How long the payer has on the gateway's page. Checkout refuses to reuse an older pending
   * order, and reconciliation asks the gateway about orders pending longer than this.
   */
  readonly paymentWindowMs: number;
  /**
   * What its SDK's component loads with on the pay page when it continues with one (public values
   * only; opaque to everything between this gateway's folder and its component); null when unavailable.
   */
  clientOptions?(): unknown;
  /** Offered right now: credentials present, or its local sandbox outside production. */
  available(): boolean;
  /** 'live' (the real gateway, its test or production host) or 'sandbox' (this site's stand-in). */
  mode(): 'live' | 'sandbox' | null;
  /**
   * Starts paying for a freshly recorded (or idempotently repeated) pending order.
   * `renewalStartsAt`: for a gateway that renews by itself, when its first charge is due — the end
   * of the time the owner already paid for this plan — or null for now (docs/payments.md#a-renewal-starts-when-the-paid-time-ends).
   */
  begin(order: Order, context: { now: Date; renewalStartsAt: Date | null }): Promise<BeginResult>;
  /**
   * The order a browser return is about, only when the return is authentic. Absent: the payer
   * never leaves the pay page (PayPal's buttons), so /api/payments/<id>/return shows an error.
   */
  returnOrderId?(input: CallbackInput): string | null;
  /**
   * Whether a failed payment's stored result code (PaymentEvent.resultCode) says the payer
   * cancelled on the gateway's page, so nothing was charged (VNPay 24, MoMo 1006). Absent: the
   * gateway reports no such code (PayPal's own dialog says so on the pay page).
   */
  cancelledByPayer?(resultCode: string): boolean;
  /**
   * Why the gateway refused a failed payment, from its stored result code, as one of the
   * gateway-neutral reasons the payer reads (insufficient funds, locked card, limit, time-out…),
   * each mapped in the gateway's own folder. Null when the code names no such reason, or when
   * money may have moved (the payer then sees the generic error, not "nothing was charged").
   * Absent: the gateway reports no reasons.
   */
  declineReason?(resultCode: string): DeclineReason | null;
  /**
   * Whether a stored result code reports money returned to the payer after the payment (PayPal's
   * refund and reversal events). Absent: the gateway reports refunds to no callback of ours.
   */
  refunded?(resultCode: string): boolean;
  /**
   * Whether money may be on its way for a pending order — so that paying again could charge twice.
   * Absent: always (the payer left for the gateway's page and we cannot know). PayPal: only once a
   * subscription was approved for it; a closed PayPal window took nothing.
   */
  mayHaveCharged?(order: Order): boolean;
  /**
   * When the renewal a pending order began first charges, when it was set to start later (a plan
   * paid ahead); null when it charges on approval. Absent: the gateway takes every payment at once.
   */
  firstChargeAt?(order: Order): Date | null;
  /**
   * Money back: asks the gateway to return `amount` of the order's payment. Absent: refunds are
   * made by hand at the gateway, and the operator is told so.
   */
  refund?(call: RefundCall, now: Date): Promise<RefundAnswer>;
  /**
   * The gateway returns a payment only whole (Telegram Stars): a partial refund is refused, with the
   * reason, before anything is recorded or asked. Absent: any amount up to what is still paid.
   */
  readonly refundsWhole?: true;
  /**
   * What the gateway's records say about a paid order's refunds, ours and any made elsewhere (a
   * merchant portal). Absent: the gateway reports refunds itself (PayPal's webhooks), and a refund
   * of ours without an answer is asked again with the same request id.
   */
  refundsOf?(order: Order, payment: SettledPayment, now: Date): Promise<RefundReport>;
  /** How long after a payment the gateway still refunds it (and reconciliation asks about refunds). */
  readonly refundWindowMs?: number;
  /** Asks the gateway for an order's state (VNPay querydr, MoMo query, PayPal subscription read). */
  query(order: Order, now: Date): Promise<QueryResult>;
  /**
   * Settled orders the gateway may still owe news about, which reconciliation `query`s as well,
   * up to `limit` per call, each once per call (a gateway claims them): PayPal's running
   * subscriptions whose next payment is overdue here, because a renewal webhook was lost.
   * Absent for one-payment gateways.
   */
  overdue?(now: Date, limit: number): Promise<Order[]>;
  /**
   * Plans it renews by itself (PayPal subscriptions): what the payer sees and may stop on /pay.
   * Its presence makes the gateway a renewing one, to which one rule applies wherever it is asked —
   * one live renewal per plan and owner: the form says so before paying, checkout refuses a second,
   * and a second one the gateway reports anyway has each payment settled through
   * renewal-cycle.ts#settleRenewalCycle, which holds it for a person. The gateway records its
   * subscriptions in the ledger with their state in the site's words (ledger/subscriptions.ts).
   * Absent for gateways that take one payment per order.
   */
  readonly subscriptions?: GatewaySubscriptions;
  /**
   * The local stand-in's endpoints; null when the sandbox is off (credentials, or production).
   * `deliver` hands a callback the stand-in makes to this gateway's callback path, in-process, as
   * the gateway's server would send it (no gateway can reach a developer's localhost).
   */
  sandbox(request: SandboxRequest, deliver: DeliverCallback): Promise<Response> | null;
}

/** A gateway's automatic renewals, always for one account (the pay session's). */
export interface GatewaySubscriptions {
  /** The account's subscriptions at the gateway, newest first, with their state as the gateway reports it. */
  list(owner: RenewalOwner, now: Date): Promise<Renewal[]>;
  /**
   * Stops one of the account's subscriptions at the gateway: no more charges, the plan paid for runs
   * to its expiry. `not_found` for one that is not the account's (or does not exist).
   */
  stop(owner: RenewalOwner, id: string, now: Date): Promise<'stopped' | 'not_found'>;
}

export type RenewalOwner = { platform: Platform; userId: string };
