import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import type { Operator, OperatorRole } from './operators';

/** An operator's signed-in session: the cookie holds a random token, the row only its hash. */
export interface OperatorSession {
  idHash: string;
  operator: Pick<Operator, 'id' | 'name' | 'role'>;
  createdAt: Date;
  /** When the operator last proved the passkey (sign-in or step-up). */
  verifiedAt: Date;
  expiresAt: Date;
}

export async function insertSession(
  sql: Sql,
  session: { idHash: string; operatorId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await sql.query(
    `INSERT INTO operator_sessions (id_hash, operator_id, created_at, verified_at, expires_at) VALUES ($1, $2, $3, $3, $4)`,
    [session.idHash, session.operatorId, session.now, session.expiresAt],
  );
}

/** A live session: not ended, not expired, and its operator not revoked — read on every request. */
export async function liveSession(sql: Sql, idHash: string, now: Date): Promise<OperatorSession | null> {
  const result = await sql.query<{
    id_hash: string;
    operator_id: string;
    name: string;
    role: OperatorRole;
    created_at: Date | string;
    verified_at: Date | string;
    expires_at: Date | string;
  }>(
    `SELECT s.id_hash, s.operator_id, o.name, o.role, s.created_at, s.verified_at, s.expires_at
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
      WHERE s.id_hash = $1 AND s.ended_at IS NULL AND s.expires_at > $2 AND o.revoked_at IS NULL`,
    [idHash, now],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    idHash: row.id_hash,
    operator: { id: row.operator_id, name: row.name, role: row.role },
    createdAt: new Date(row.created_at),
    verifiedAt: new Date(row.verified_at),
    expiresAt: new Date(row.expires_at),
  };
}

/** A step-up: the session's operator proved the passkey again now. */
export async function markSessionVerified(sql: Sql, idHash: string, now: Date): Promise<void> {
  await sql.query('UPDATE operator_sessions SET verified_at = $2 WHERE id_hash = $1 AND ended_at IS NULL', [
    idHash,
    now,
  ]);
}

export async function endSession(sql: Sql, idHash: string, now: Date): Promise<void> {
  await sql.query('UPDATE operator_sessions SET ended_at = $2 WHERE id_hash = $1 AND ended_at IS NULL', [idHash, now]);
}
