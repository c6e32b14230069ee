import 'server-only';
import type { Sql } from '@/lib/server/db/sql';

/**
 * Marks a pay or team link as used; true only for its first use. Links are single-use so that one
 * forwarded or leaked after it was opened is worthless (docs/links.md).
 */
export async function claimLink(
  sql: Sql,
  jti: string,
  expiresAt: Date,
  now: Date,
  holder: string | null = null,
): Promise<boolean> {
  // A claim outlives its link only until the link's own expiry refuses it anyway.
  await sql.query('DELETE FROM link_claims WHERE expires_at < $1', [now]);
  const claimed = await sql.query(
    'INSERT INTO link_claims (jti, claimed_at, expires_at, holder) VALUES ($1, $2, $3, $4) ON CONFLICT (jti) DO NOTHING',
    [jti, now, expiresAt, holder],
  );
  return claimed.rowCount === 1;
}

/**
 * Which browser holds a claimed link's session now: its holder id; null for a claim that names
 * none; undefined when the link is not claimed (or its claim has expired).
 */
export async function linkHolder(sql: Sql, jti: string): Promise<string | null | undefined> {
  const result = await sql.query<{ holder: string | null }>('SELECT holder FROM link_claims WHERE jti = $1', [jti], {
    prepare: true,
  });
  return result.rows[0] ? result.rows[0].holder : undefined;
}

/** Hands a claimed link's session to another browser; false when the link is not claimed. */
export async function moveLinkHolder(sql: Sql, jti: string, holder: string): Promise<boolean> {
  const moved = await sql.query('UPDATE link_claims SET holder = $2 WHERE jti = $1', [jti, holder]);
  return moved.rowCount === 1;
}
