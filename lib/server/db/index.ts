import 'server-only';
import { join, resolve } from 'node:path';
import { env } from '@/lib/server/env';
import { UnavailableError } from '@/lib/server/unavailable';
import { migrate } from './migrations';
import { openPglite, openPostgres, type Sql } from './sql';

export type { Sql } from './sql';

/** The site's database: the payment ledger always, and the embedded account directory's tables. */
export interface Database {
  sql: Sql;
}

// Route handlers, pages and instrumentation can be bundled separately, each with its own copy of
// this module; a PGlite directory must have exactly one owner per process, so the handle is global.
const slot = Symbol.for('quorum.database');
type GlobalSlot = { [slot]?: Promise<Database> };

/**
 * The database chosen by configuration, opened and migrated once (the demo accounts are the start's
 * business: lib/server/startup.ts). A failed open is forgotten, so the next call retries.
 */
export function openDatabase(): Promise<Database> {
  const holder = globalThis as GlobalSlot;
  holder[slot] ??= open().catch((error: unknown) => {
    delete holder[slot];
    throw new UnavailableError('the database could not be opened', { cause: error });
  });
  return holder[slot];
}

/** Wires in an already opened database (tests, and embedders that build their own). */
export function installDatabase(opened: Promise<Database> | undefined): void {
  const holder = globalThis as GlobalSlot;
  if (opened) holder[slot] = opened;
  else delete holder[slot];
}

/**
 * How long a request waits for a database that is still opening. Opening PGlite and migrating can
 * take many seconds on a loaded machine (after the data directory comes back, say); the request
 * answers 503 within its budget instead, and the open goes on for the requests that follow.
 */
export const OPEN_WAIT_MS = 3_000;

/** The ledger's SQL handle; UnavailableError when the database is not open within `waitMs`. */
export async function ledgerSql(waitMs = OPEN_WAIT_MS): Promise<Sql> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnavailableError(`the database is still opening after ${waitMs} ms`)), waitMs);
  });
  try {
    return (await Promise.race([openDatabase(), late])).sql;
  } finally {
    clearTimeout(timer);
  }
}

const hooksSlot = Symbol.for('quorum.databaseOpenedHooks');
type HooksSlot = { [hooksSlot]?: Array<(sql: Sql) => Promise<unknown>> };
const openedHooks = () => ((globalThis as HooksSlot)[hooksSlot] ??= []);

/**
 * Runs `hook` each time the database is opened and migrated, before anyone else uses it: at start,
 * and again when a database that could not be opened at start comes back (the demo accounts).
 */
export function whenDatabaseOpens(hook: (sql: Sql) => Promise<unknown>): void {
  openedHooks().push(hook);
}

async function open(): Promise<Database> {
  const config = env();
  const sql = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(join(resolve(config.DATA_DIR), 'pglite'));
  await migrate(sql);
  for (const hook of openedHooks()) await hook(sql);
  return { sql };
}
