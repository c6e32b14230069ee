import { randomBytes } from 'node:crypto';
import { NextRequest } from 'next/server';
import type { Sql } from '@/lib/server/db/sql';
import { env } from '@/lib/server/env';
import { inviteOperator } from '@/lib/server/ops/operators';
import { opsCookieName, startSession } from '@/lib/server/ops/session';
import { operatorNamed, type OperatorRole } from '@/lib/server/ops/store/operators';

/** The console's tables a test writes, children first; the audit log is append-only and stays. */
const OPS_TABLES = [
  'operator_actions',
  'operator_sessions',
  'operator_challenges',
  'operator_invitations',
  'operator_credentials',
  'operators',
];

export async function resetOps(sql: Sql): Promise<void> {
  for (const table of OPS_TABLES) await sql.query(`DELETE FROM ${table}`);
}

/** A unique operator name per call, so audit entries of earlier tests never match a later one's. */
export const uniqueName = (base: string) => `${base}-${randomBytes(3).toString('hex')}`;

/**
 * An operator with a live session, as a passkey sign-in would have opened it `signedInMinutesAgo`
 * minutes ago: the `Cookie` header, the name and the id.
 */
export async function operatorSession(
  role: OperatorRole,
  { signedInMinutesAgo = 0, name = uniqueName(role) } = {},
): Promise<{ cookie: string; name: string; id: string }> {
  const invited = await inviteOperator({ name, role, by: 'test' });
  if (!invited.ok) throw new Error('could not invite');
  const operator = await operatorNamed(await (await import('@/lib/server/db')).ledgerSql(), name);
  const token = await startSession(operator!.id, new Date(Date.now() - signedInMinutesAgo * 60_000));
  return { cookie: `${opsCookieName()}=${token}`, name, id: operator!.id };
}

/** A request to the console's API as its page sends it: same-origin, JSON, the given cookie. */
export function opsRequest(
  path: string,
  {
    body,
    cookie,
    headers = {},
    method = body === undefined ? 'GET' : 'POST',
  }: {
    body?: unknown;
    cookie?: string;
    headers?: Record<string, string>;
    method?: string;
  } = {},
): NextRequest {
  return new NextRequest(`${env().SITE_URL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** An idempotency key as the console's page makes one. */
export const actionKey = () => randomBytes(16).toString('base64url');
