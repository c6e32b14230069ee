import { ledgerSql, OPEN_WAIT_MS, type Database } from '@/lib/server/db';
import type { Sql } from '@/lib/server/db/sql';
import { storeAvailable } from '@/lib/server/availability';
import { UnavailableError } from '@/lib/server/unavailable';
import { forgetAvailability, installDatabase } from '@/lib/server/testing';

describe('a database that is slow to open (PGlite migrating on a loaded machine, a server coming back)', () => {
  afterEach(() => {
    installDatabase(undefined);
    forgetAvailability();
  });

  it('answers "unavailable" within the wait budget instead of holding the request for the whole open', async () => {
    let finish: (database: Database) => void = () => undefined;
    installDatabase(new Promise<Database>((resolve) => (finish = resolve)));
    const started = Date.now();
    await expect(ledgerSql(300)).rejects.toBeInstanceOf(UnavailableError);
    expect(Date.now() - started).toBeLessThan(300 + 1_000);
    // The open goes on; once it is done, the next request gets the database at once.
    const sql = { query: async () => ({ rows: [], rowCount: 1 }) } as unknown as Sql;
    finish({ sql });
    expect(await ledgerSql(300)).toBe(sql);
  });

  it('reports the store down for /pay and /team within the default budget while it opens', async () => {
    installDatabase(new Promise<Database>(() => undefined));
    const started = Date.now();
    expect(await storeAvailable()).toBe(false);
    expect(Date.now() - started).toBeLessThan(OPEN_WAIT_MS + 1_000);
  });
});
