import { randomBytes } from 'node:crypto';
import { embeddedDirectory } from '@/lib/server/directory/embedded/embedded-directory';
import { seedDemoData } from '@/lib/server/directory/embedded/seed';
import { migrate } from '@/lib/server/db/migrations';
import { openPglite, openPostgres, type Sql } from '@/lib/server/db/sql';
import { installDatabase, type Database } from '@/lib/server/db';
import { installDirectory, type AccountDirectory } from '@/lib/server/directory';
import { forgetAvailability } from '@/lib/server/availability';
import { resetRateLimits } from '@/lib/server/http/rate-limit';

/**
 * The databases every money-path suite runs against: PGlite always, and a real PostgreSQL server
 * when TEST_DATABASE_URL is set (`.ci/run` starts one). Each suite gets a fresh, seeded database,
 * holding the ledger and the embedded directory's tables.
 */
// Test-harness settings, not the app's: the app's configuration is lib/server/env.ts.
const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export const storeKinds: Array<'pglite' | 'postgres'> = testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];

export interface TestStore extends Database {
  directory: AccountDirectory;
}

export async function openTestSql(kind: 'pglite' | 'postgres'): Promise<Sql> {
  if (kind === 'pglite') return openPglite(null);
  if (!testDatabaseUrl) throw new Error('the postgres store kind needs TEST_DATABASE_URL');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(testDatabaseUrl);
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  return openPostgres(testDatabaseUrl, { schema });
}

export async function openTestStore(kind: 'pglite' | 'postgres'): Promise<TestStore> {
  const sql = await openTestSql(kind);
  await migrate(sql);
  const seeded = await seedDemoData(sql);
  return { sql, seeded, directory: embeddedDirectory(sql) };
}

/** Empties every table and writes the demo data again. */
export async function resetTestStore(sql: Sql): Promise<void> {
  await sql.query(
    `TRUNCATE review_decisions, gateway_sandbox, outbox, directory_grants, link_claims, payment_events, webhook_events,
       subscriptions, paypal_sandbox_subscriptions, orders, team_members, teams, accounts`,
  );
  await seedDemoData(sql);
}

/**
 * Opens one database for the calling suite (PGlite takes seconds to start) and gives every test
 * a clean, freshly seeded copy of the demo data; it is also made the app's database, with the
 * embedded directory over it.
 */
export function useTestStore(kind: 'pglite' | 'postgres'): () => TestStore {
  let current: TestStore | undefined;
  beforeAll(async () => {
    current = await openTestStore(kind);
    installDatabase(Promise.resolve(current));
  });
  beforeEach(async () => {
    await resetTestStore(current!.sql);
    installDatabase(Promise.resolve(current!));
    installDirectory(undefined);
    forgetAvailability();
    resetRateLimits();
  });
  afterAll(async () => {
    installDatabase(undefined);
    installDirectory(undefined);
    await current?.sql.close();
  });
  return () => {
    if (!current) throw new Error('store not open yet');
    return current;
  };
}
