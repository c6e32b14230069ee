import 'server-only';
import { mkdirSync } from 'node:fs';

/** The little of SQL the embedded backend needs, over PGlite or node-postgres alike. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[]; rowCount: number }>;
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL compiled to WebAssembly, in `dir` (or in memory when `dir` is null). One process owns a dir. */
export async function openPglite(dir: string | null): Promise<Sql> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  const db = dir ? await PGlite.create(dir) : await PGlite.create();
  type Queryable = Pick<typeof db, 'query'>;
  const wrap =
    (q: Queryable) =>
    async <Row>(text: string, params?: unknown[]) => {
      const result = await q.query<Row>(text, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    };
  return {
    query: wrap(db),
    // PGlite runs one transaction at a time, so callers are serialised as if they held row locks.
    transaction: (work) => db.transaction((tx) => work({ ...sqlStub, query: wrap(tx) })),
    close: () => db.close(),
  };
}

/** A PostgreSQL server through a connection pool. */
export async function openPostgres(url: string, options: { schema?: string } = {}): Promise<Sql> {
  const { Pool, types } = (await import('pg')).default;
  // bigint columns hold amounts in minor units, far below 2^53.
  types.setTypeParser(types.builtins.INT8, (value: string) => Number(value));
  const pool = new Pool({
    connectionString: url,
    max: 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const run =
    (client: Pick<InstanceType<typeof Pool>, 'query'>) =>
    async <Row>(text: string, params?: unknown[]) => {
      const result = await client.query(text, params);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    };
  return {
    query: run(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ ...sqlStub, query: run(client) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const sqlStub: Omit<Sql, 'query'> = {
  transaction: () => Promise.reject(new Error('nested transactions are not supported')),
  close: () => Promise.reject(new Error('a transaction cannot close the database')),
};
