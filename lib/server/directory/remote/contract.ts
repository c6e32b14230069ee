import 'server-only';
import { z } from 'zod';
import { platforms } from '@/lib/config/site';
import { paidPlanIds, planIds } from '@/lib/pricing/catalogue';

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

export const wire = {
  Account: z.strictObject({
    platform,
    userId: id,
    username: text,
    fullName: text,
    referralCode: z.string().max(64),
    plan: z.enum(planIds),
    planExpiresAt: instant.nullable(),
  }),
  Team: z.strictObject({
    platform,
    teamId: id,
    name: text,
    plan: z.enum(planIds),
    planExpiresAt: instant.nullable(),
    seats: z.int().min(0),
    memberCount: z.int().min(0),
  }),
  OrderNotice: z.strictObject({
    orderId: id,
    platform,
    userId: id,
    teamId: id.nullable(),
    plan: z.enum(paidPlanIds),
    period: z.enum(['period0', 'period1', 'period2', 'period3']),
    seats: z.int().min(1).nullable(),
    gateway: z.enum(['vnpay', 'momo', 'paypal']),
    currency: z.enum(['USD', 'VND']),
    amount: z.int().min(1),
    createdAt: instant,
  }),
  OrderDecision: z.strictObject({ decision: z.enum(['accepted', 'refused']) }),
  Grant: z.strictObject({
    orderId: id,
    platform,
    userId: id,
    teamId: id.nullable(),
    plan: z.enum(paidPlanIds),
    months: z.int().min(0).max(12),
    seats: z.int().min(1).nullable(),
    paidAt: instant,
  }),
  GrantApplied: z.strictObject({
    status: z.enum(['applied', 'already_applied']),
    plan: z.enum(planIds),
    expiresAt: instant.nullable(),
    seats: z.int().min(0),
  }),
  CancelRequest: z.strictObject({ platform, userId: id }),
  CancelResult: z.strictObject({ result: z.enum(['cancelled', 'not_active']) }),
  Health: z.strictObject({ status: z.literal('ok') }),
  Error: z.strictObject({
    error: z.enum(['not_found', 'invalid_request', 'invalid_signature', 'idempotency_conflict', 'unavailable']),
  }),
} as const;

export const PayContext = z.strictObject({ account: wire.Account, team: wire.Team.nullable() });

/** Every schema the document defines under components.schemas, by the same name. */
export const componentSchemas = { ...wire, PayContext } as const;

/** The calls the site makes, as the document names them (operationId → method and path). */
export const operations = {
  getPayContext: { method: 'GET', path: '/v1/pay-context' },
  cancelIndividualPlan: { method: 'POST', path: '/v1/plans/cancel-individual' },
  registerOrder: { method: 'POST', path: '/v1/orders' },
  applyGrant: { method: 'POST', path: '/v1/grants' },
  health: { method: 'GET', path: '/v1/health' },
} as const;
