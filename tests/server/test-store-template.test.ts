import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openTestSql } from '../support/stores';

// The store suites are most of the Jest run's time; what keeps them fast is that each starts PGlite from
// one migrated template written once per run (docs/performance.md), not from initdb and every migration.
describe('store suites start from the migrated template of this run', () => {
  it('a PGlite test database is migrated before anyone migrates it, and the template file is there for the next suite', async () => {
    const dir = process.env.QUORUM_TEST_TEMPLATE_DIR;
    expect(dir).toBeTruthy();
    const sql = await openTestSql('pglite');
    try {
      const applied = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(applied.rows[0]!.n).toBeGreaterThan(0);
      expect(await sql.query('SELECT 1 FROM accounts')).toEqual({ rows: [], rowCount: 0 });
      expect(existsSync(join(dir!, 'pglite-migrated.tar'))).toBe(true);
    } finally {
      await sql.close();
    }
  });
});
