import 'server-only';
import type { Sql } from '@/lib/server/db/sql';
import type { OperatorRoleName as OperatorRole } from '@/lib/shared/ops-console';

/**
 * The operators' own rows (docs/operations.md): operators, their passkeys, their single-use
 * invitations and the passkey ceremonies' challenges. The console's room owns these tables, as the
 * ledger owns the money's; nothing here reads or writes a payment row.
 */
export type { OperatorRole };

export interface Operator {
  id: string;
  name: string;
  role: OperatorRole;
  /** The user handle the passkeys hold (base64url), never the name: a passkey names no one. */
  webauthnUserId: string;
  createdAt: Date;
  revokedAt: Date | null;
}

interface OperatorRow {
  id: string;
  name: string;
  role: OperatorRole;
  webauthn_user_id: string;
  created_at: Date | string;
  revoked_at: Date | string | null;
}

const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  name: row.name,
  role: row.role,
  webauthnUserId: row.webauthn_user_id,
  createdAt: new Date(row.created_at),
  revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
});

const OPERATOR_COLUMNS = 'o.id, o.name, o.role, o.webauthn_user_id, o.created_at, o.revoked_at';

/** A new operator; null when the name is taken. */
export async function insertOperator(sql: Sql, operator: Omit<Operator, 'revokedAt'>): Promise<Operator | null> {
  const result = await sql.query<OperatorRow>(
    `INSERT INTO operators (id, name, role, webauthn_user_id, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (name) DO NOTHING RETURNING *`,
    [operator.id, operator.name, operator.role, operator.webauthnUserId, operator.createdAt],
  );
  return result.rows[0] ? toOperator(result.rows[0]) : null;
}

export async function operatorNamed(sql: Sql, name: string): Promise<Operator | null> {
  const result = await sql.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators o WHERE o.name = $1`, [name]);
  return result.rows[0] ? toOperator(result.rows[0]) : null;
}

export async function setOperatorRole(sql: Sql, id: string, role: OperatorRole): Promise<void> {
  await sql.query('UPDATE operators SET role = $2 WHERE id = $1', [id, role]);
}

export interface OperatorListing extends Operator {
  passkeys: number;
  lastSignIn: Date | null;
}

export async function allOperators(sql: Sql): Promise<OperatorListing[]> {
  const result = await sql.query<OperatorRow & { passkeys: number | string; last_sign_in: Date | string | null }>(
    `SELECT ${OPERATOR_COLUMNS},
            (SELECT count(*) FROM operator_credentials c WHERE c.operator_id = o.id) AS passkeys,
            (SELECT max(s.created_at) FROM operator_sessions s WHERE s.operator_id = o.id) AS last_sign_in
       FROM operators o ORDER BY o.name`,
  );
  return result.rows.map((row) => ({
    ...toOperator(row),
    passkeys: Number(row.passkeys),
    lastSignIn: row.last_sign_in ? new Date(row.last_sign_in) : null,
  }));
}

/**
 * Revokes an operator and ends every session of theirs in the same transaction: from the commit
 * on, no request of theirs is answered. False when there is no such operator, or already revoked.
 */
export async function revokeOperatorRows(sql: Sql, name: string, now: Date): Promise<Operator | null> {
  return sql.transaction(async (tx) => {
    const revoked = await tx.query<OperatorRow>(
      'UPDATE operators SET revoked_at = $2 WHERE name = $1 AND revoked_at IS NULL RETURNING *',
      [name, now],
    );
    const row = revoked.rows[0];
    if (!row) return null;
    await tx.query('UPDATE operator_sessions SET ended_at = $2 WHERE operator_id = $1 AND ended_at IS NULL', [
      row.id,
      now,
    ]);
    await tx.query('UPDATE operator_invitations SET used_at = $2 WHERE operator_id = $1 AND used_at IS NULL', [
      row.id,
      now,
    ]);
    return toOperator(row);
  });
}

export async function insertInvitation(
  sql: Sql,
  invitation: { tokenHash: string; operatorId: string; createdBy: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await sql.query(
    `INSERT INTO operator_invitations (token_hash, operator_id, created_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [invitation.tokenHash, invitation.operatorId, invitation.createdBy, invitation.createdAt, invitation.expiresAt],
  );
}

/** The operator an invitation is for, while it is unused, unexpired and its operator not revoked. */
export async function invitedOperator(sql: Sql, tokenHash: string, now: Date): Promise<Operator | null> {
  const result = await sql.query<OperatorRow>(
    `SELECT ${OPERATOR_COLUMNS} FROM operator_invitations i JOIN operators o ON o.id = i.operator_id
      WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2 AND o.revoked_at IS NULL`,
    [tokenHash, now],
  );
  return result.rows[0] ? toOperator(result.rows[0]) : null;
}

/** Spends an invitation: true for the one call that did (a second enrolment with it finds it used). */
export async function spendInvitation(tx: Sql, tokenHash: string, now: Date): Promise<boolean> {
  const result = await tx.query(
    'UPDATE operator_invitations SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [tokenHash, now],
  );
  return result.rowCount === 1;
}

export interface StoredCredential {
  id: string;
  operatorId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export async function insertCredential(tx: Sql, credential: StoredCredential, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO operator_credentials (id, operator_id, public_key, counter, transports, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      credential.id,
      credential.operatorId,
      credential.publicKey,
      credential.counter,
      JSON.stringify(credential.transports),
      now,
    ],
  );
}

interface CredentialRow {
  id: string;
  operator_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
}

const toCredential = (row: CredentialRow): StoredCredential => ({
  id: row.id,
  operatorId: row.operator_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: JSON.parse(row.transports) as string[],
});

export async function credentialsOf(sql: Sql, operatorId: string): Promise<StoredCredential[]> {
  const result = await sql.query<CredentialRow>(
    'SELECT id, operator_id, public_key, counter, transports FROM operator_credentials WHERE operator_id = $1',
    [operatorId],
  );
  return result.rows.map(toCredential);
}

/** A passkey and its operator, when the operator is not revoked. */
export async function credentialWithOperator(
  sql: Sql,
  id: string,
): Promise<{ credential: StoredCredential; operator: Operator } | null> {
  const result = await sql.query<CredentialRow & OperatorRow & { operator_id: string; credential_id: string }>(
    `SELECT c.id AS credential_id, c.operator_id, c.public_key, c.counter, c.transports, ${OPERATOR_COLUMNS}
       FROM operator_credentials c JOIN operators o ON o.id = c.operator_id
      WHERE c.id = $1 AND o.revoked_at IS NULL`,
    [id],
  );
  const row = result.rows[0];
  if (!row) return null;
  return { credential: toCredential({ ...row, id: row.credential_id }), operator: toOperator(row) };
}

export async function recordCredentialUse(sql: Sql, id: string, counter: number, now: Date): Promise<void> {
  await sql.query('UPDATE operator_credentials SET counter = $2, last_used_at = $3 WHERE id = $1', [id, counter, now]);
}

export type ChallengePurpose = 'enrol' | 'sign_in' | 'step_up';

export async function insertChallenge(
  sql: Sql,
  challenge: { id: string; purpose: ChallengePurpose; challenge: string; subject: string | null; expiresAt: Date },
): Promise<void> {
  await sql.query(
    'INSERT INTO operator_challenges (id, purpose, challenge, subject, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [challenge.id, challenge.purpose, challenge.challenge, challenge.subject, challenge.expiresAt],
  );
  // Challenges nobody answered go with the next one asked for.
  await sql.query('DELETE FROM operator_challenges WHERE expires_at < $1', [
    new Date(challenge.expiresAt.getTime() - 86_400_000),
  ]);
}

/** Takes a challenge once: deleted as it is read, so an answer can never be replayed against it. */
export async function takeChallenge(
  sql: Sql,
  id: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<{ challenge: string; subject: string | null } | null> {
  const result = await sql.query<{ challenge: string; subject: string | null; expires_at: Date | string }>(
    'DELETE FROM operator_challenges WHERE id = $1 AND purpose = $2 RETURNING challenge, subject, expires_at',
    [id, purpose],
  );
  const row = result.rows[0];
  if (!row || new Date(row.expires_at) <= now) return null;
  return { challenge: row.challenge, subject: row.subject };
}
