import 'server-only';
import type { Sql } from '@/lib/server/db/sql';

const DAY_MS = 86_400_000;

/**
 * The demo accounts where they belong: in the embedded directory of a server that is not in
 * production. With a remote directory they live in the assistant's backend (its CLI seeds them).
 */
export function seedWanted(config: { isProduction: boolean; CHAT_BACKEND_URL?: string | undefined }): boolean {
  return !config.isProduction && !config.CHAT_BACKEND_URL;
}

export async function seedDemoData(sql: Sql, now = new Date()): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const existing = await tx.query('SELECT 1 FROM accounts LIMIT 1');
    if (existing.rows.length) return false;
    const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS);
    const accounts: Array<[string, string, string, string, string, string, Date | null]> = [
      ['telegram', '1001', 'alice', 'Alice Nguyen', 'ALICE-7Q2M', 'free', null],
      ['telegram', '1002', 'bob', 'Bob Tran', 'BOB-4K9P', 'individual_pro', inDays(20)],
      ['slack', 'U1003', 'carol', 'Carol Smith', 'CAROL-3X8D', 'free', null],
      ['telegram', '1004', 'dung', 'Dung Pham', 'DUNG-5R1T', 'free', null],
      ['telegram', '1005', 'emma', 'Emma Le', 'EMMA-8W3N', 'free', null],
      ['telegram', '1006', 'farid', 'Farid Khan', 'FARID-2J6V', 'free', null],
      ['telegram', '1007', 'giang', 'Giang Vo', 'GIANG-9H4C', 'free', null],
      ['telegram', '1008', 'hana', 'Hana Sato', 'HANA-6B7Z', 'free', null],
      ['telegram', '1009', 'ivan', 'Ivan Petrov', 'IVAN-1L5S', 'free', null],
      // Known to the assistant but in no team: what "add a member by username" finds.
      ['telegram', '1010', 'linh', 'Linh Hoang', 'LINH-4P6R', 'free', null],
      // An admin with a plan of their own: buying Team Pro asks them to cancel it first.
      ['discord', 'D2001', 'minh', 'Minh Do', 'MINH-3F8A', 'individual_pro', inDays(25)],
      ['discord', 'D2002', 'sara', 'Sara Lopez', 'SARA-7C2E', 'free', null],
      ['discord', 'D2003', 'tom', 'Tom Becker', 'TOM-9D4K', 'free', null],
      ['slack', 'U3001', 'kenji', 'Kenji Ito', 'KENJI-5M1Q', 'free', null],
    ];
    for (const row of accounts) {
      await tx.query(
        `INSERT INTO accounts (platform, user_id, username, full_name, referral_code, plan, plan_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        row,
      );
    }
    await tx.query(
      `INSERT INTO teams (platform, team_id, name, plan, plan_expires_at, seats)
       VALUES ('telegram', '-1002001', 'Acme Growth', 'team_pro', $1, 10)`,
      [inDays(15)],
    );
    const members: Array<[string, string, string]> = [
      ['1001', 'admin', 'active'],
      ['1002', 'member', 'active'],
      ['1004', 'member', 'active'],
      ['1005', 'member', 'active'],
      ['1006', 'member', 'active'],
      ['1007', 'member', 'active'],
      ['1008', 'member', 'active'],
      ['1009', 'member', 'blocked'],
    ];
    for (const [index, [userId, role, status]] of members.entries()) {
      await tx.query(
        `INSERT INTO team_members (platform, team_id, user_id, role, status, joined_at)
         VALUES ('telegram', '-1002001', $1, $2, $3, $4)`,
        [userId, role, status, inDays(-60 + index * 5)],
      );
    }
    await tx.query(
      `INSERT INTO teams (platform, team_id, name, plan, plan_expires_at, seats) VALUES
         ('discord', '920001', 'Orbit Labs', 'team_pro', $1, 10),
         ('slack', 'T3001', 'Northwind Ops', 'team_pro', $2, 10)`,
      [inDays(40), inDays(-3)],
    );
    await tx.query(
      `INSERT INTO team_members (platform, team_id, user_id, role, status, joined_at) VALUES
         ('discord', '920001', 'D2001', 'admin', 'active', $1),
         ('discord', '920001', 'D2002', 'member', 'active', $1),
         ('discord', '920001', 'D2003', 'admin', 'active', $1),
         ('slack', 'T3001', 'U3001', 'admin', 'active', $1)`,
      [inDays(-30)],
    );
    return true;
  });
}
