import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedDirectory } from '@/lib/server/directory/embedded/embedded-directory';
import { seedDemoData } from '@/lib/server/directory/embedded/seed';
import { migrate } from '@/lib/server/db/migrations';
import { openPglite, openPostgres, type Sql } from '@/lib/server/db/sql';
import { type Database } from '@/lib/server/db';
import { type AccountDirectory } from '@/lib/server/directory';
import { forgetAvailability, installDatabase, installDirectory, resetRateLimits } from '@/lib/server/testing';
import { backgroundDeliveriesFinished } from '@/lib/server/payments/outbox-delivery';

/**
 * The databases every money-path suite runs against: PGlite always, and a real PostgreSQL server
 * when TEST_DATABASE_URL is set (`.ci/run` starts one; without it the PostgreSQL runs are skipped,
 * and tests/support/jest-global-setup.mjs says so). Each suite gets a fresh, seeded database,
 * holding the ledger and the embedded directory's tables.
 */
// Test-harness settings, not the app's: the app's configuration is lib/server/env.ts.
const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/**
 * TEST_STORE_KINDS=postgres: only the PostgreSQL runs (`npm test` runs the whole suite without
 * TEST_DATABASE_URL first, so the PGlite runs are not repeated: scripts/test.mjs, unit-postgres).
 */
const onlyKinds = process.env.TEST_STORE_KINDS?.split(',').map((kind) => kind.trim());

export const storeKinds: Array<'pglite' | 'postgres'> = (
  testDatabaseUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)
).filter((kind) => !onlyKinds || onlyKinds.includes(kind));
if (storeKinds.length === 0) {
  throw new Error(
    `TEST_STORE_KINDS=${process.env.TEST_STORE_KINDS} leaves no store to test (postgres needs TEST_DATABASE_URL)`,
  );
}

export interface TestStore extends Database {
  /** True when opening it wrote the demo data. */
  seeded: boolean;
  directory: AccountDirectory;
}

/**
 * An empty cluster with every migration applied, written once per Jest run (into the directory
 * tests/support/jest-global-setup.mjs makes) and loaded by every suite after it: PGlite's initdb
 * and the migrations cost seconds per suite, loading the files under one. Without that directory
 * (Jest started with another config) every suite starts from initdb, as before.
 */
async function migratedPglite(): Promise<Sql> {
  const dir = process.env.QUORUM_TEST_TEMPLATE_DIR;
  const file = dir && join(dir, 'pglite-migrated.tar');
  if (file && existsSync(file)) {
    return openPglite(null, { loadDataDir: new Blob([readFileSync(file)]) });
  }
  const sql = await openPglite(null);
  await migrate(sql);
  if (file) {
    // Two workers may build it at once: each writes its own file and renames it into place whole.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await (await sql.dumpDataDir()).arrayBuffer()));
    renameSync(partial, file);
  }
  return sql;
}

/** A database with the schema (every migration applied) and no rows. */
export async function openTestSql(kind: 'pglite' | 'postgres'): Promise<Sql> {
  if (kind === 'pglite') return migratedPglite();
  return openEmptyPostgres();
}

/** A database with no schema at all, for a test that applies the migrations itself. */
export async function openEmptyTestSql(kind: 'pglite' | 'postgres'): Promise<Sql> {
  return kind === 'pglite' ? openPglite(null) : openEmptyPostgres();
}

/** A fresh schema of its own on the test server, so suites never see each other's tables. */
async function openEmptyPostgres(): Promise<Sql> {
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

/** Every table the demo data and the tests write, children before their parents (the order DELETE needs). */
const TABLES = [
  'review_decisions',
  'refunds',
  'directory_revocations',
  'gateway_sandbox',
  'outbox',
  'directory_grants',
  'link_claims',
  'link_accounts',
  'payment_events',
  'webhook_events',
  'subscriptions',
  'paypal_sandbox_subscriptions',
  'orders',
  'account_query_packs',
  'team_members',
  'teams',
  'accounts',
];

/**
 * Empties every table and writes the demo data again. DELETE, not TRUNCATE: on these few rows it
 * is an order of magnitude faster on PGlite, where TRUNCATE makes new files for every table, once
 * per test (docs/performance.md).
 */
export async function resetTestStore(sql: Sql): Promise<void> {
  await sql.transaction(async (tx) => {
    for (const table of TABLES) await tx.query(`DELETE FROM ${table}`);
  });
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
    // A grant delivery the previous test started in the background must not land in this one's data.
    await backgroundDeliveriesFinished();
    await resetTestStore(current!.sql);
    installDatabase(Promise.resolve(current!));
    installDirectory(undefined);
    forgetAvailability();
    resetRateLimits();
  });
  afterAll(async () => {
    await backgroundDeliveriesFinished();
    installDatabase(undefined);
    installDirectory(undefined);
    await current?.sql.close();
  });
  return () => {
    if (!current) throw new Error('store not open yet');
    return current;
  };
}
