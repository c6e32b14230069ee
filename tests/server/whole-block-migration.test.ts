import { migrate, migrations } from '@/lib/server/db/migrations';
import type { Sql } from '@/lib/server/db/sql';
import { embeddedDirectory } from '@/lib/server/directory/embedded/embedded-directory';
import { findOrder } from '@/lib/server/ledger/orders';
import { openEmptyTestSql, storeKinds } from '../support/stores';

const now = new Date('2026-11-22T10:00:00Z');
const inDays = (n: number) => new Date(now.getTime() + n * 86_400_000);

/** A team and an order as the release before whole blocks stored them, written into the schema of that release. */
async function writeBeforeWholeBlocks(sql: Sql): Promise<void> {
  await sql.query(
    `INSERT INTO accounts (platform, user_id, username, full_name, referral_code) VALUES
       ('telegram', '1001', 'alice', 'Alice Nguyen', 'ALICE-1'),
       ('telegram', '1002', 'bob', 'Bob Tran', 'BOB-1')`,
  );
  await sql.query(
    `INSERT INTO teams (platform, team_id, name, plan, plan_expires_at, seats) VALUES
       ('telegram', '-1', 'Paid 3 blocks, holds 25', 'team_pro', $1, 25),
       ('telegram', '-2', 'Whole blocks', 'team_pro', $1, 40),
       ('telegram', '-3', 'Never had Team Pro', 'free', NULL, 0)`,
    [inDays(30)],
  );
  await sql.query(
    `INSERT INTO team_members (platform, team_id, user_id, role) VALUES ('telegram', '-1', '1001', 'admin')`,
  );
  const order = (id: string, userId: string, teamId: string | null, plan: string, seats: number | null) =>
    sql.query(
      `INSERT INTO orders (id, platform, user_id, team_id, plan, period, seats, months, gateway, method, currency,
                           amount, status, locale, client_ip, idempotency_key, created_at, updated_at)
       VALUES ($1, 'telegram', $2, $3, $4, 'period1', $5, 7, 'vnpay', 'qr', 'VND', 6300000, 'paid', 'vi',
               '127.0.0.1', $1, $6, $6)`,
      [id, userId, teamId, plan, seats, now],
    );
  await order('a'.repeat(32), '1001', '-1', 'team_pro', 25);
  await order('b'.repeat(32), '1001', '-2', 'team_pro', 40);
  await order('c'.repeat(32), '1002', null, 'individual_pro', null);
}

describe.each(storeKinds)('the migration to whole blocks of seats (%s)', (kind) => {
  let sql: Sql;
  beforeAll(async () => {
    sql = await openEmptyTestSql(kind);
    // The schema just before the whole-block migration, by its id: later migrations come after it.
    await migrate(
      sql,
      migrations.findIndex((migration) => migration.id === '0012_whole_seat_blocks'),
    );
    await writeBeforeWholeBlocks(sql);
    await migrate(sql);
  });
  afterAll(() => sql.close());

  it('gives a team that paid for 3 blocks but held 25 seats its 30 seats', async () => {
    const context = await embeddedDirectory(sql).payContext({ platform: 'telegram', userId: '1001', teamId: '-1' });
    expect(context?.team).toMatchObject({ plan: 'team_pro', seats: 30 });
  });

  it('stores the 25-seat order as the 30 seats it paid for, and leaves whole blocks and other plans alone', async () => {
    expect((await findOrder(sql, 'a'.repeat(32)))?.seats).toBe(30);
    expect((await findOrder(sql, 'b'.repeat(32)))?.seats).toBe(40);
    expect((await findOrder(sql, 'c'.repeat(32)))?.seats).toBeNull();
    const teams = await sql.query<{ team_id: string; seats: number }>(
      `SELECT team_id, seats FROM teams ORDER BY team_id`,
    );
    expect(teams.rows).toEqual([
      { team_id: '-1', seats: 30 },
      { team_id: '-2', seats: 40 },
      { team_id: '-3', seats: 0 },
    ]);
  });
});
