import 'server-only';
import { z } from 'zod';
import { platforms } from '@/lib/config/site';
import { paidPlanIds, periodIds, planIds, productIds, queryPack } from '@/lib/pricing/catalogue';
import { PACK_PERIOD } from '@/lib/pricing/pack-quote';
import { preCheckoutQuery, refundedPayment, successfulPayment, telegramUpdate, telegramUser } from './telegram-update';
import { memberRoles, memberStatuses, TEAM_ADMINS_LISTED } from '../types';

/**
 * The wire shapes of the chat-backend contract, docs/chat-backend.openapi.yaml. The remote
 * client validates every response with these and the reference backend every request, and
 * tests/directory/openapi-contract.test.ts checks that each one is exactly the document's
 * schema, so the code and the document cannot drift apart.
 */
const id = z.string().min(1).max(128);
const text = z.string().max(4096);
const instant = z.iso.datetime({ offset: true });
const platform = z.enum(platforms);
/** What a grant and a revocation both name: the order, and whose plan it changes. */
const planChange = { orderId: id, platform, userId: id, teamId: id.nullable(), plan: z.enum(paidPlanIds) };
/** What a grant and a revocation of query packs both name: the order, and the account (never a team). */
const packChange = { orderId: id, platform, userId: id, teamId: z.null(), plan: z.literal('query_pack') };
/** The most extra queries one order can give (the catalogue's largest purchase). */
const maxOrderQueries = queryPack.queries * queryPack.maxQuantity;

export const wire = {
  Account: z.strictObject({
    platform,
    userId: id,
    username: text,
    fullName: text,
    referralCode: z.string().max(64),
    plan: z.enum(planIds),
    planExpiresAt: instant.nullable(),
    extraQueries: z
      .array(z.strictObject({ remaining: z.int().min(1), expiresAt: instant }))
      .max(100)
      .optional(),
  }),
  Team: z.strictObject({
    platform,
    teamId: id,
    name: text,
    plan: z.enum(planIds),
    planExpiresAt: instant.nullable(),
    seats: z.int().min(0),
    memberCount: z.int().min(0),
    membership: z.strictObject({ role: z.enum(memberRoles), status: z.enum(memberStatuses) }),
    admins: z.array(z.strictObject({ username: text, fullName: text })).max(TEAM_ADMINS_LISTED),
  }),
  OrderNotice: z.strictObject({
    orderId: id,
    platform,
    userId: id,
    teamId: id.nullable(),
    plan: z.enum(productIds),
    period: z.enum([...periodIds, PACK_PERIOD]),
    seats: z.int().min(1).nullable(),
    quantity: z.int().min(1).max(queryPack.maxQuantity).optional(),
    // Opaque to the backend: the site's gateways and their currencies are the site's own business.
    gateway: z.string().min(1).max(64),
    currency: z.string().regex(/^[A-Z]{3}$/),
    amount: z.int().min(1),
    createdAt: instant,
  }),
  OrderDecision: z.strictObject({ decision: z.enum(['accepted', 'refused']) }),
  Grant: z.strictObject({
    ...planChange,
    months: z.int().min(0).max(12),
    seats: z.int().min(1).nullable(),
    paidAt: instant,
  }),
  Revocation: z.strictObject({
    refundId: id,
    ...planChange,
    days: z.int().min(0).max(400),
    seats: z.int().min(0).nullable(),
    refundedAt: instant,
  }),
  QueryGrant: z.strictObject({
    ...packChange,
    queries: z.int().min(1).max(maxOrderQueries),
    expiresAt: instant,
    paidAt: instant,
  }),
  QueryRevocation: z.strictObject({
    refundId: id,
    ...packChange,
    queries: z.int().min(0).max(maxOrderQueries),
    refundedAt: instant,
  }),
  GrantApplied: z.strictObject({
    status: z.enum(['applied', 'already_applied']),
    plan: z.enum(planIds),
    expiresAt: instant.nullable(),
    seats: z.int().min(0),
  }),
  CancelRequest: z.strictObject({ platform, userId: id }),
  TeamOverview: z.strictObject({
    platform,
    teamId: id,
    name: text,
    plan: z.enum(planIds),
    planExpiresAt: instant.nullable(),
    seats: z.int().min(0),
    seatsUsed: z.int().min(0),
  }),
  TeamMember: z.strictObject({
    memberId: id,
    platform,
    userId: id.nullable(),
    username: text,
    fullName: text.nullable(),
    role: z.enum(memberRoles),
    status: z.enum(memberStatuses),
    joinedAt: instant,
  }),
  AddMemberRequest: z.strictObject({
    platform,
    teamId: id,
    actorUserId: id,
    /** Its platform is checked against the team's (`platform_mismatch`). */
    member: z.strictObject({ platform, username: id }),
  }),
  SetBlockedRequest: z.strictObject({ platform, teamId: id, actorUserId: id, memberId: id, blocked: z.boolean() }),
  CancelResult: z.strictObject({ result: z.enum(['cancelled', 'not_active']) }),
  Health: z.strictObject({ status: z.literal('ok') }),
  Error: z.strictObject({
    error: z.enum(['not_found', 'invalid_request', 'invalid_signature', 'idempotency_conflict', 'unavailable']),
  }),
} as const;

export const PayContext = z.strictObject({ account: wire.Account, team: wire.Team.nullable() });

/**
 * A team call's answer: the value under its name, or the refusal (an answer, not an outage: 200,
 * so the client tells "you may not" from "the backend is down"). Every call can refuse a session
 * that is not an active admin of the team (`not_admin`) or name a team that does not exist
 * (`no_team`); the writes add their own rules. The client's TeamAnswer types are checked against
 * these enums by the compiler (remote/team-calls.ts).
 */
const teamRefusals = ['not_admin', 'no_team'] as const;
const refused = <const R extends readonly string[]>(reasons: R) => z.strictObject({ refusal: z.enum(reasons) });
export const teamAnswers = {
  TeamOverviewAnswer: z.union([z.strictObject({ overview: wire.TeamOverview }), refused(teamRefusals)]),
  MemberPageAnswer: z.union([
    z.strictObject({
      page: z.strictObject({
        members: z.array(wire.TeamMember).max(100),
        total: z.int().min(0),
        page: z.int().min(1),
        pageSize: z.int().min(1).max(100),
      }),
    }),
    refused(teamRefusals),
  ]),
  AddMemberAnswer: z.union([
    z.strictObject({ member: wire.TeamMember }),
    refused([...teamRefusals, 'seats_full', 'already_member', 'platform_mismatch', 'team_inactive']),
  ]),
  SetBlockedAnswer: z.union([
    z.strictObject({ member: wire.TeamMember }),
    refused([...teamRefusals, 'member_not_found', 'last_admin']),
  ]),
} as const;

/** The query strings of the GET operations (values arrive as text; numbers are coerced). */
const actorQuery = { platform, teamId: id, actorUserId: id };
export const queries = {
  PayContextQuery: z.strictObject({ platform, userId: id, teamId: id.optional() }),
  TeamQuery: z.strictObject(actorQuery),
  MemberListQuery: z.strictObject({
    ...actorQuery,
    q: z.string().max(256).optional(),
    page: z.coerce.number().pipe(z.int().min(1)),
    pageSize: z.coerce.number().pipe(z.int().min(1).max(100)),
  }),
} as const;

/**
 * What the backend sends the site (the document's `webhooks`): Telegram's update, forwarded as
 * Telegram sent it, and the site's answer, its outcome for the backend's log.
 */
export const siteBound = {
  TelegramUpdate: telegramUpdate,
  TelegramUser: telegramUser,
  TelegramPreCheckoutQuery: preCheckoutQuery,
  TelegramSuccessfulPayment: successfulPayment,
  TelegramRefundedPayment: refundedPayment,
  UpdateOutcome: z.strictObject({ outcome: z.string().min(1).max(64) }),
} as const;

/** Every schema the document defines under components.schemas, by the same name. */
export const componentSchemas = { ...wire, PayContext, ...teamAnswers, ...siteBound } as const;
type SchemaName = keyof typeof componentSchemas;

interface OperationSpec {
  method: 'GET' | 'POST';
  path: string;
  /** The query string's schema (GET), from `queries`. */
  query?: keyof typeof queries;
  /** The request body's schema (POST). */
  request?: SchemaName;
  /** The 200 body's schema: the client validates every answer with it. */
  response: SchemaName;
}

/**
 * The calls the site makes, as the document names them (operationId → method, path and the
 * schemas of query, body and 200 answer). The client and the reference backend read their schemas
 * from here, and the OpenAPI test checks each entry against the document.
 */
export const operations = {
  getPayContext: { method: 'GET', path: '/v1/pay-context', query: 'PayContextQuery', response: 'PayContext' },
  cancelIndividualPlan: {
    method: 'POST',
    path: '/v1/plans/cancel-individual',
    request: 'CancelRequest',
    response: 'CancelResult',
  },
  registerOrder: { method: 'POST', path: '/v1/orders', request: 'OrderNotice', response: 'OrderDecision' },
  applyGrant: { method: 'POST', path: '/v1/grants', request: 'Grant', response: 'GrantApplied' },
  applyRevocation: { method: 'POST', path: '/v1/revocations', request: 'Revocation', response: 'GrantApplied' },
  applyQueryGrant: { method: 'POST', path: '/v1/query-grants', request: 'QueryGrant', response: 'GrantApplied' },
  applyQueryRevocation: {
    method: 'POST',
    path: '/v1/query-revocations',
    request: 'QueryRevocation',
    response: 'GrantApplied',
  },
  health: { method: 'GET', path: '/v1/health', response: 'Health' },
  getTeamOverview: { method: 'GET', path: '/v1/team/overview', query: 'TeamQuery', response: 'TeamOverviewAnswer' },
  listTeamMembers: { method: 'GET', path: '/v1/team/members', query: 'MemberListQuery', response: 'MemberPageAnswer' },
  addTeamMember: { method: 'POST', path: '/v1/team/members', request: 'AddMemberRequest', response: 'AddMemberAnswer' },
  setMemberBlocked: {
    method: 'POST',
    path: '/v1/team/members/blocked',
    request: 'SetBlockedRequest',
    response: 'SetBlockedAnswer',
  },
} as const satisfies Record<string, OperationSpec>;

/**
 * The requests the backend makes to the site, as the document's `webhooks` name them (with the
 * site's path in `x-site-path`): the site verifies the same signature the backend verifies.
 */
export const siteWebhooks = {
  telegramPaymentUpdate: {
    method: 'POST',
    path: '/api/telegram/updates',
    request: 'TelegramUpdate',
    response: 'UpdateOutcome',
  },
} as const satisfies Record<string, OperationSpec>;

export type Operation = keyof typeof operations;
/** The 200 body of an operation, as validated. */
export type Answer<O extends Operation> = z.infer<(typeof componentSchemas)[(typeof operations)[O]['response']]>;
