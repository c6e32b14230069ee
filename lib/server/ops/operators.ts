import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ledgerSql } from '@/lib/server/db';
import { env } from '@/lib/server/env';
import { appendAudit } from './store/audit';
import { operatorRoles } from '@/lib/shared/ops-console';
import {
  allOperators,
  insertInvitation,
  insertOperator,
  operatorNamed,
  revokeOperatorRows,
  setOperatorRole,
  type OperatorListing,
  type OperatorRole,
} from './store/operators';

/**
 * Operators (docs/operations.md): invited by name from the server's machine (`npm run operators`),
 * enrolled with a passkey through a single-use link, revoked at once. There is no default operator
 * and no password anywhere.
 */
export const INVITATION_HOURS = 24;

export const operatorName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{0,39}$/, 'a name is 1–40 letters, digits, dots, dashes or underscores');

export const operatorRole = z.enum(operatorRoles);

/** An invitation's token is 256 random bits; only its hash is stored. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export type InviteResult =
  { ok: true; link: string; expiresAt: Date; created: boolean; role: OperatorRole } | { ok: false; reason: 'revoked' };

/**
 * An invitation link for `name`: a new operator with `role` (viewer when not given), or another
 * passkey for an existing one (whose role changes when `role` is given). The token travels in the
 * link's fragment, which browsers never send to a server, a proxy's log or a Referer.
 */
export async function inviteOperator(input: {
  name: string;
  role?: OperatorRole;
  by: string;
  now?: Date;
}): Promise<InviteResult> {
  const now = input.now ?? new Date();
  const sql = await ledgerSql();
  let operator = await operatorNamed(sql, input.name);
  let created = false;
  if (!operator) {
    operator = await insertOperator(sql, {
      id: randomBytes(16).toString('hex'),
      name: input.name,
      role: input.role ?? 'viewer',
      webauthnUserId: randomBytes(32).toString('base64url'),
      createdAt: now,
    });
    created = operator !== null;
    operator ??= await operatorNamed(sql, input.name);
    if (!operator) throw new Error('an operator vanished between insert and select');
  }
  if (operator.revokedAt) return { ok: false, reason: 'revoked' };
  const role = input.role ?? operator.role;
  if (role !== operator.role) await setOperatorRole(sql, operator.id, role);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 3_600_000);
  await insertInvitation(sql, {
    tokenHash: tokenHash(token),
    operatorId: operator.id,
    createdBy: input.by,
    createdAt: now,
    expiresAt,
  });
  await appendAudit(sql, {
    at: now,
    actor: input.by,
    operatorId: null,
    action: 'operator_invited',
    orderId: null,
    reason: null,
    detail: { operator: operator.name, role, created },
  });
  return { ok: true, link: `${env().SITE_URL}/ops/enrol#${token}`, expiresAt, created, role };
}

export async function listOperators(): Promise<OperatorListing[]> {
  return allOperators(await ledgerSql());
}

/** Revokes an operator: every session of theirs ends with the commit, and unused invitations die. */
export async function revokeOperator(input: { name: string; by: string; now?: Date }): Promise<boolean> {
  const now = input.now ?? new Date();
  const sql = await ledgerSql();
  const revoked = await revokeOperatorRows(sql, input.name, now);
  if (!revoked) return false;
  await appendAudit(sql, {
    at: now,
    actor: input.by,
    operatorId: null,
    action: 'operator_revoked',
    orderId: null,
    reason: null,
    detail: { operator: revoked.name },
  });
  return true;
}
