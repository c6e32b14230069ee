import 'server-only';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';

export interface QueryOptions {
  /**
   * For a hot statement whose text never changes: the database parses and plans it once (per
   * PGlite session, per PostgreSQL connection) and afterwards only binds and executes it. Planning
   * was most of a small read's cost (pay page view: 0.82 ms per query on PGlite, 0.22 ms prepared).
   * Never for text built at run time (each distinct text stays prepared for the session's life),
   * nor with `*` in its select list: a column added by a later migration (another instance's, in a
   * rolling deploy) changes the result type, and PostgreSQL refuses to run the cached plan.
   */
  prepare?: boolean;
}

/** The little of SQL the embedded backend needs, over PGlite or node-postgres alike. */
export interface Sql {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: Row[]; rowCount: number }>;
  /**
   * Runs `script`, one or more statements with no parameters, as written (the simple query
   * protocol): a migration, whose statements are never split on ";" (a PL/pgSQL body has its own).
   */
  exec(script: string): Promise<void>;
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A prepared statement's name: the same text always gets the same name, different texts never share one. */
export function statementName(text: string): string {
  return `q_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
}

/** A PGlite database: also able to write its files out, for another one to start from (see openPglite). */
export interface PgliteSql extends Sql {
  /** The database's files as one uncompressed tarball (PGlite's dumpDataDir). */
  dumpDataDir(): Promise<Blob>;
}

/**
 * PostgreSQL compiled to WebAssembly, in `dir` (or in memory when `dir` is null). One process owns a dir.
 * `loadDataDir`: start from another database's files (a dumpDataDir tarball) instead of an empty
 * cluster, which skips initdb, most of the seconds PGlite takes to open (the tests' migrated template).
 */
export async function openPglite(dir: string | null, options: { loadDataDir?: Blob } = {}): Promise<PgliteSql> {
  const { PGlite, Mutex, parse, protocol } = await import('@electric-sql/pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  const db = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), loadDataDir: options.loadDataDir });
  type Queryable = Pick<typeof db, 'query'>;
  const wrap =
    (q: Queryable) =>
    async <Row>(text: string, params?: unknown[]) => {
      const result = await q.query<Row>(text, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    };

  // PGlite's query() is six protocol exchanges (parse, describe, bind, describe, execute, sync) and
  // plans the statement every time. A prepared statement is planned once, and each use is one
  // exchange: bind, describe, execute, sync. execProtocol bypasses PGlite's transaction mutex, so
  // `gate` keeps such a statement out of a transaction that another caller has open between two
  // of its statements (it would run inside that transaction: see uncommitted rows, or abort it).
  const gate = new Mutex();
  const { serialize } = protocol;
  /** Parameter type ids of each statement this session has prepared, by name. */
  const prepared = new Map<string, number[]>();
  let closed = false;
  const exchange = async (...messages: Uint8Array[]) => {
    const buffer = new Uint8Array(messages.reduce((n, m) => n + m.byteLength, 0));
    messages.reduce((offset, m) => (buffer.set(m, offset), offset + m.byteLength), 0);
    return (await db.execProtocol(buffer)).messages;
  };
  const runPrepared = <Row>(text: string, params: unknown[] = []) =>
    gate.runExclusive(() =>
      db.runExclusive(async () => {
        if (closed) throw new Error('PGlite is closed');
        const name = statementName(text);
        let paramTypes = prepared.get(name);
        if (!paramTypes) {
          // Alone in its exchange, so a statement that fails to parse leaves nothing behind.
          const described = await exchange(
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          );
          paramTypes = parse.parseDescribeStatementResults(described);
          prepared.set(name, paramTypes);
        }
        // Serialised as PGlite's query() serialises them: by the type Postgres inferred for each.
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = db.serializers[paramTypes[i] ?? 0];
          return serializer ? serializer(value) : String(value);
        });
        const messages = await exchange(
          serialize.bind({ statement: name, values: values as string[] }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        );
        const [result] = parse.parseResults(messages, db.parsers);
        return { rows: (result?.rows ?? []) as Row[], rowCount: result?.affectedRows ?? result?.rows.length ?? 0 };
      }),
    );
  const plain = wrap(db);

  return {
    query: (text, params, options) => (options?.prepare ? runPrepared(text, params) : plain(text, params)),
    exec: async (script) => {
      await gate.runExclusive(() => db.exec(script));
    },
    // PGlite runs one transaction at a time, so callers are serialised as if they held row locks.
    // Inside one a statement goes through the transaction (planned each time: the hot reads are outside).
    transaction: (work) =>
      gate.runExclusive(() =>
        db.transaction((tx) => {
          const query = wrap(tx);
          return work({
            ...sqlStub,
            query: (text, params) => query(text, params),
            exec: async (script) => {
              await tx.exec(script);
            },
          });
        }),
      ),
    close: () => {
      closed = true;
      return db.close();
    },
    dumpDataDir: () => gate.runExclusive(() => db.dumpDataDir('none')),
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
    async <Row>(text: string, params?: unknown[], options?: QueryOptions) => {
      // A named statement: node-postgres parses it once per connection, the server plans it once.
      const result = options?.prepare
        ? await client.query({ name: statementName(text), text, values: params })
        : await client.query(text, params);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    };
  // Without parameters node-postgres sends the simple query protocol, which takes several statements.
  const exec = (client: Pick<InstanceType<typeof Pool>, 'query'>) => async (script: string) => {
    await client.query(script);
  };
  return {
    query: run(pool),
    exec: exec(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ ...sqlStub, query: run(client), exec: exec(client) });
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

const sqlStub: Omit<Sql, 'query' | 'exec'> = {
  transaction: () => Promise.reject(new Error('nested transactions are not supported')),
  close: () => Promise.reject(new Error('a transaction cannot close the database')),
};
