import { randomBytes } from 'node:crypto';
import { embeddedBackend } from '@/lib/server/store/embedded/embedded-backend';
import { migrate } from '@/lib/server/store/embedded/migrations';
import { seedDemoData } from '@/lib/server/store/embedded/seed';
import { openPglite, openPostgres, type Sql } from '@/lib/server/store/embedded/sql';
import { installChatBackend, type Opened } from '@/lib/server/store';

/**
 * The stores every money-path suite runs against: PGlite always, and a real PostgreSQL server
 * when TEST_DATABASE_URL is set (`.ci/run` starts one). Each suite gets a fresh, seeded database.
 */
// Test-harness settings, not the app's: the app's configuration is lib/server/env.ts.
const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export const storeKinds: Array<'pglite' | 'postgres'> = testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];

export async function openTestStore(kind: 'pglite' | 'postgres'): Promise<Opened> {
  let sql: Sql;
  if (kind === 'pglite') {
    sql = await openPglite(null);
  } else {
    if (!testDatabaseUrl) throw new Error('the postgres store kind needs TEST_DATABASE_URL');
    const url = testDatabaseUrl;
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(url);
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.close();
    sql = await openPostgres(url, { schema });
  }
  await migrate(sql);
  const seeded = await seedDemoData(sql);
  return { backend: embeddedBackend(sql), sql, seeded };
}

/**
 * Opens one store for the calling suite (PGlite takes seconds to start) and gives every test
 * a clean, freshly seeded copy of the demo data; it is also made the app's store.
 */
export function useTestStore(kind: 'pglite' | 'postgres'): () => Opened {
  let current: Opened | undefined;
  beforeAll(async () => {
    current = await openTestStore(kind);
    installChatBackend(Promise.resolve(current));
  });
  beforeEach(async () => {
    const { sql } = current!;
    await sql.query('TRUNCATE link_claims, payment_events, orders, team_members, teams, accounts');
    await seedDemoData(sql);
    installChatBackend(Promise.resolve(current!));
  });
  afterAll(async () => {
    installChatBackend(undefined);
    await current?.sql.close();
  });
  return () => {
    if (!current) throw new Error('store not open yet');
    return current;
  };
}
