import 'server-only';
import { ledgerSql } from '@/lib/server/db';

/**
 * The local gateway sandboxes' own records (never used in production): what each stand-in was
 * asked to charge and what the tester decided, so it can answer reconciliation queries as the
 * real gateway's records would — even when its callback was deliberately dropped.
 */
export async function readSandboxPayment<T>(gateway: string, ref: string): Promise<T | null> {
  const sql = await ledgerSql();
  const result = await sql.query<{ payment: T }>(
    'SELECT payment FROM gateway_sandbox WHERE gateway = $1 AND ref = $2',
    [gateway, ref],
  );
  return result.rows[0]?.payment ?? null;
}

/** The record whose JSON at `path` is `value` (a gateway that names a payment by its own id). */
export async function findSandboxPayment<T>(
  gateway: string,
  path: readonly string[],
  value: string,
): Promise<{ ref: string; payment: T } | null> {
  const sql = await ledgerSql();
  const result = await sql.query<{ ref: string; payment: T }>(
    'SELECT ref, payment FROM gateway_sandbox WHERE gateway = $1 AND payment #>> $2::text[] = $3 ORDER BY updated_at DESC LIMIT 1',
    [gateway, path, value],
  );
  return result.rows[0] ?? null;
}

/** Inserts a new record; false when `ref` is already taken (a gateway's "duplicate order id"). */
export async function insertSandboxPayment(gateway: string, ref: string, payment: unknown): Promise<boolean> {
  const sql = await ledgerSql();
  const result = await sql.query(
    `INSERT INTO gateway_sandbox (gateway, ref, payment, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (gateway, ref) DO NOTHING`,
    [gateway, ref, JSON.stringify(payment)],
  );
  return result.rowCount === 1;
}

export async function writeSandboxPayment(gateway: string, ref: string, payment: unknown): Promise<void> {
  const sql = await ledgerSql();
  await sql.query(
    `INSERT INTO gateway_sandbox (gateway, ref, payment, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (gateway, ref) DO UPDATE SET payment = EXCLUDED.payment, updated_at = now()`,
    [gateway, ref, JSON.stringify(payment)],
  );
}
