import { rateLimit } from '@/lib/server/http/rate-limit';
import type { Sql } from '@/lib/server/db';
import { openTestStore, storeKinds, type TestStore } from '../support/stores';
import { useEnv } from '../support/env';
import { configureRateLimits } from '@/lib/server/testing';

// With DATABASE_URL the buckets live in the ledger's rate_limit_buckets table, so two processes
// sharing the database share the counts; tests/integration/scale-out.test.mjs proves it through
// nginx, this suite proves the store and its fallback in-process. It needs a PostgreSQL server:
// without TEST_DATABASE_URL (a fresh clone) it is skipped, and its name says why.
const withPostgres = storeKinds.includes('postgres');
const describeWithPostgres = withPostgres ? describe : describe.skip;

describeWithPostgres(
  `rate limits in the ledger database (postgres${withPostgres ? '' : ': skipped, TEST_DATABASE_URL is not set'})`,
  () => {
    const kind = 'postgres' as const;
    useEnv({ CHECKOUT_RATE_LIMITS: '3/1000' });
    let store: TestStore;
    beforeAll(async () => {
      store = await openTestStore(kind);
    });
    afterAll(async () => {
      configureRateLimits(null);
      await store.sql.close();
    });

    it('keeps the count in rate_limit_buckets, where a second process configured on it sees it', async () => {
      configureRateLimits(store.sql);
      const key = `telegram:${Math.random()}`;
      expect(await rateLimit([['checkoutPerSession', key]])).toBeNull();
      expect(await rateLimit([['checkoutPerSession', key]])).toBeNull();
      // "Another instance": fresh limiter objects, same table.
      configureRateLimits(store.sql);
      expect(await rateLimit([['checkoutPerSession', key]])).toBeNull();
      expect(await rateLimit([['checkoutPerSession', key]])).toBeGreaterThan(0);
      const { rows } = await store.sql.query<{ points: number }>(
        'SELECT points FROM rate_limit_buckets WHERE key = $1',
        [`checkoutPerSession:${key}`],
      );
      expect(rows[0]?.points).toBe(4);
    });
  },
);

describe('rate limits when the database stops answering', () => {
  useEnv({ CHECKOUT_RATE_LIMITS: '2/1000' });
  afterAll(() => configureRateLimits(null));

  it('falls back to counting in memory: still limited, never an error', async () => {
    const down: Sql = {
      query: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
      transaction: () => Promise.reject(new Error('down')),
      exec: () => Promise.reject(new Error('down')),
      close: async () => undefined,
    };
    configureRateLimits(down);
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await rateLimit([['checkoutPerSession', 'telegram:1001']]));
    expect(results.slice(0, 2)).toEqual([null, null]);
    expect(results[2]).toBeGreaterThan(0);
  });
});
