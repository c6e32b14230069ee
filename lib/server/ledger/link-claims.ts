import 'server-only';
import type { Sql } from '@/lib/server/db/sql';

/**
 * Marks a pay or team link as used; true only for its first use. Links are single-use so that one
 * forwarded or leaked after it was opened is worthless (docs/links.md).
 */
export async function claimLink(sql: Sql, jti: string, expiresAt: Date, now: Date): Promise<boolean> {
  // A claim outlives its link only until the link's own expiry refuses it anyway.
  await sql.query('DELETE FROM link_claims WHERE expires_at < $1', [now]);
  const claimed = await sql.query(
    'INSERT INTO link_claims (jti, claimed_at, expires_at) VALUES ($1, $2, $3) ON CONFLICT (jti) DO NOTHING',
    [jti, now, expiresAt],
  );
  return claimed.rowCount === 1;
}
