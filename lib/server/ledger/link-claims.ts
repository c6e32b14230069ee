import 'server-only';
import type { Sql } from '@/lib/server/db/sql';

/**
 * Marks a pay or team link (or a handoff, `handoff:<id>`) as used; true only for its first use.
 * Links are single-use so that one forwarded or leaked after it was opened is worthless
 * (docs/links.md). `holder`: the browser that claims it, which holds its session and is its first
 * holder (who may take it back). `keptUntil`: until every session made from it has ended — a
 * missing claim ends a session that names a holder, so it must not be purged before.
 */
export async function claimLink(
  sql: Sql,
  jti: string,
  keptUntil: Date,
  now: Date,
  holder: string | null = null,
): Promise<boolean> {
  await sql.query('DELETE FROM link_claims WHERE expires_at < $1', [now]);
  const claimed = await sql.query(
    'INSERT INTO link_claims (jti, claimed_at, expires_at, holder, first_holder) VALUES ($1, $2, $3, $4, $4) ON CONFLICT (jti) DO NOTHING',
    [jti, now, keptUntil, holder],
  );
  return claimed.rowCount === 1;
}

/** Whether a link (or a handoff) has been claimed. */
export async function linkClaimed(sql: Sql, jti: string): Promise<boolean> {
  return (await sql.query('SELECT 1 FROM link_claims WHERE jti = $1', [jti])).rows.length === 1;
}

/**
 * Where a claimed link stands: the browser holding its session, the browser that claimed it first,
 * and whether it is the newest link exchanged for `account`. Undefined when it is not claimed (or
 * its claim was purged).
 */
export interface LinkStanding {
  holder: string | null;
  firstHolder: string | null;
  newest: boolean;
}

export async function linkStanding(sql: Sql, jti: string, account: string): Promise<LinkStanding | undefined> {
  const result = await sql.query<{ holder: string | null; first_holder: string | null; newest: string | null }>(
    'SELECT c.holder, c.first_holder, a.jti AS newest FROM link_claims c LEFT JOIN link_accounts a ON a.account = $2 WHERE c.jti = $1',
    [jti, account],
    { prepare: true },
  );
  const row = result.rows[0];
  return row && { holder: row.holder, firstHolder: row.first_holder, newest: row.newest === jti };
}

/**
 * Makes `jti` the newest link of `account`: the sessions of every older link of it end on their next
 * request (newest wins, per account, so a session someone else holds ends when its owner opens a new link).
 */
export async function markNewestLink(sql: Sql, account: string, jti: string, keptUntil: Date, now: Date) {
  await sql.query('DELETE FROM link_accounts WHERE kept_until < $1', [now]);
  await sql.query(
    `INSERT INTO link_accounts (account, jti, kept_until) VALUES ($1, $2, $3)
     ON CONFLICT (account) DO UPDATE SET jti = EXCLUDED.jti, kept_until = GREATEST(link_accounts.kept_until, EXCLUDED.kept_until)`,
    [account, jti, keptUntil],
  );
}

/**
 * Hands a claimed link's session from one browser to another: false unless `from` holds it now (a
 * handoff asked for by a browser that has since lost the link is void).
 */
export async function moveLinkHolder(sql: Sql, jti: string, from: string, to: string): Promise<boolean> {
  const moved = await sql.query('UPDATE link_claims SET holder = $3 WHERE jti = $1 AND holder = $2', [jti, from, to]);
  return moved.rowCount === 1;
}

/** The browser that claimed a link first takes it back: its session holds the link again. */
export async function retakeLink(sql: Sql, jti: string, firstHolder: string): Promise<boolean> {
  const moved = await sql.query('UPDATE link_claims SET holder = first_holder WHERE jti = $1 AND first_holder = $2', [
    jti,
    firstHolder,
  ]);
  return moved.rowCount === 1;
}
