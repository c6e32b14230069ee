import { checksumOf, migrate, MigrationMismatchError, migrations, type Migration } from '@/lib/server/db/migrations';
import type { Sql } from '@/lib/server/db/sql';
import { openEmptyTestSql, storeKinds } from '../support/stores';

const recorded = (sql: Sql) =>
  sql
    .query<{ version: number; id: string; checksum: string }>(
      'SELECT version, id, checksum FROM schema_migrations ORDER BY version',
    )
    .then((result) => result.rows);

const plpgsql: Migration[] = [
  { id: '0001_counter', sql: 'CREATE TABLE counter (n integer NOT NULL); INSERT INTO counter VALUES (0);' },
  {
    id: '0002_bump',
    // A PL/pgSQL body: its semicolons end its own statements, not the migration's.
    sql: `
  CREATE FUNCTION bump() RETURNS integer LANGUAGE plpgsql AS $$
  DECLARE
    bumped integer;
  BEGIN
    UPDATE counter SET n = n + 1;
    SELECT n INTO bumped FROM counter;
    RETURN bumped;
  END;
  $$;
  `,
  },
];

describe('the migration list', () => {
  it('names every migration once, numbered in the order it runs', () => {
    const ids = migrations.map((migration) => migration.id);
    expect(new Set(ids).size).toBe(ids.length);
    ids.forEach((id, index) => expect(id).toMatch(new RegExp(`^${String(index + 1).padStart(4, '0')}_[a-z0-9_]+$`)));
  });
});

describe.each(storeKinds)('migrations (%s)', (kind) => {
  let sql: Sql;
  beforeEach(async () => {
    sql = await openEmptyTestSql(kind);
  });
  afterEach(() => sql.close());

  it('records each applied migration with its id and checksum, in order', async () => {
    await migrate(sql);
    expect(await recorded(sql)).toEqual(
      migrations.map((migration, index) => ({ version: index + 1, id: migration.id, checksum: checksumOf(migration) })),
    );
    // Applying again changes nothing.
    await migrate(sql);
    expect(await recorded(sql)).toHaveLength(migrations.length);
  });

  it('runs a migration whole: a PL/pgSQL body keeps its semicolons', async () => {
    await migrate(sql, undefined, plpgsql);
    expect((await sql.query<{ n: number }>('SELECT bump() AS n')).rows).toEqual([{ n: 1 }]);
  });

  it('recognises a database migrated when only each migration’s place was recorded, and applies only what is missing', async () => {
    const before = migrations.length - 2;
    await sql.query(
      'CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const [index, migration] of migrations.slice(0, before).entries()) {
      await sql.exec(migration.sql);
      await sql.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
    }
    await migrate(sql);
    expect(await recorded(sql)).toEqual(
      migrations.map((migration, index) => ({ version: index + 1, id: migration.id, checksum: checksumOf(migration) })),
    );
  });

  it('refuses to go on when a migration the database applied was edited since, and applies nothing after it', async () => {
    await migrate(sql, 1, plpgsql);
    const edited = [{ ...plpgsql[0]!, sql: plpgsql[0]!.sql.replace('0', '1') }, plpgsql[1]!];
    await expect(migrate(sql, undefined, edited)).rejects.toThrow(MigrationMismatchError);
    await expect(migrate(sql, undefined, edited)).rejects.toThrow(/migration 1 was applied as 0001_counter/);
    expect(await recorded(sql)).toHaveLength(1);
  });

  it('refuses a list whose applied migration was renamed or moved', async () => {
    await migrate(sql, undefined, plpgsql);
    await expect(migrate(sql, undefined, [plpgsql[1]!, plpgsql[0]!])).rejects.toThrow(MigrationMismatchError);
    await expect(migrate(sql, undefined, [{ ...plpgsql[0]!, id: '0001_renamed' }, plpgsql[1]!])).rejects.toThrow(
      MigrationMismatchError,
    );
  });

  it('leaves alone a migration a newer release applied (both run during a rolling deploy)', async () => {
    await migrate(sql, undefined, plpgsql);
    await migrate(sql, undefined, [...plpgsql, { id: '0003_newer', sql: 'ALTER TABLE counter ADD COLUMN m integer;' }]);
    await expect(migrate(sql, undefined, plpgsql)).resolves.toBeUndefined();
    expect(await recorded(sql)).toHaveLength(3);
  });
});
