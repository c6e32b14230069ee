import { storeKinds, useTestStore } from '../support/stores';

// The seam's prepared statements (`{ prepare: true }`): planned once, executed many times. They
// must answer exactly what the plain query answers, keep out of other callers' transactions,
// and leave the session usable after a failure.
const ACCOUNT = `SELECT a.username, a.full_name, a.plan, a.plan_expires_at, t.seats,
                        (SELECT count(*) FROM team_members m WHERE m.platform = a.platform) AS members
                   FROM accounts a
                   LEFT JOIN team_members me ON me.platform = a.platform AND me.user_id = a.user_id AND me.team_id = $3
                   LEFT JOIN teams t ON t.platform = me.platform AND t.team_id = me.team_id
                  WHERE a.platform = $1 AND a.user_id = $2`;

describe.each(storeKinds)('prepared statements on %s', (kind) => {
  const store = useTestStore(kind);

  it('a prepared statement answers exactly what the same query answers (dates, counts, nulls), every time', async () => {
    const { sql } = store();
    for (const params of [
      ['telegram', '1001', '-1002001'],
      ['telegram', '1001', null],
      ['telegram', 'nobody', null],
      ['discord', 'D2001', '920001'],
    ]) {
      const plain = await sql.query(ACCOUNT, params);
      for (let run = 0; run < 7; run++) {
        // Past PostgreSQL's five custom plans, so the generic plan is checked too.
        expect(await sql.query(ACCOUNT, params, { prepare: true })).toEqual(plain);
      }
    }
    const [row] = (await sql.query(ACCOUNT, ['telegram', '1001', '-1002001'], { prepare: true })).rows;
    expect(row).toMatchObject({ username: 'alice', seats: 10 });
    expect(typeof row?.members).toBe('number');
  });

  it('a prepared statement never runs inside a transaction another caller has open', async () => {
    const { sql } = store();
    const name = async () =>
      (await sql.query<{ full_name: string }>(ACCOUNT, ['telegram', '1001', null], { prepare: true })).rows[0]
        ?.full_name;
    const before = await name();
    let seenDuring: Promise<string | undefined> | undefined;
    await expect(
      sql.transaction(async (tx) => {
        await tx.query(
          `UPDATE accounts SET full_name = 'Not Committed' WHERE platform = 'telegram' AND user_id = '1001'`,
        );
        seenDuring = name();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Inside the transaction it would have read the row the rollback took back.
    expect(await seenDuring).toBe(before);
    expect(await name()).toBe(before);
  });

  it('a statement that fails is reported, and the same statement and others work afterwards', async () => {
    const { sql } = store();
    await expect(sql.query('SELEC 1', [], { prepare: true })).rejects.toThrow(/syntax/);
    await expect(sql.query('SELEC 1', [], { prepare: true })).rejects.toThrow(/syntax/);
    const number = 'SELECT $1::int + 1 AS n';
    await expect(sql.query(number, ['not a number'], { prepare: true })).rejects.toThrow(/integer/);
    expect((await sql.query(number, [41], { prepare: true })).rows).toEqual([{ n: 42 }]);
    expect((await sql.query(ACCOUNT, ['telegram', '1001', null], { prepare: true })).rows).toHaveLength(1);
  });

  it('inside a transaction a statement asked to be prepared runs in that transaction', async () => {
    const { sql } = store();
    const seen = await sql.transaction(async (tx) => {
      await tx.query(
        `UPDATE accounts SET full_name = 'In Transaction' WHERE platform = 'telegram' AND user_id = '1001'`,
      );
      return (await tx.query<{ full_name: string }>(ACCOUNT, ['telegram', '1001', null], { prepare: true })).rows;
    });
    expect(seen[0]?.full_name).toBe('In Transaction');
  });
});
