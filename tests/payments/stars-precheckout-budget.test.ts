import { installDirectory, type AccountDirectory } from '@/lib/server/directory';
import { resetStandIn } from '@/lib/server/testing';
import { storeKinds, useTestStore } from '../support/stores';
import { pendingStarsOrder, preCheckout, preCheckoutAnswer } from '../support/stars';

/*
 * Telegram takes a payment only if the bot answers its pre-checkout query within 10 seconds. The
 * answer is decided from the ledger alone, so the assistant's backend being slow or down — the
 * likeliest slow dependency — cannot make Telegram cancel a payment the payer already confirmed.
 */
const TELEGRAM_BUDGET_MS = 10_000;

/** An account directory that never answers, as a backend that accepts connections and then hangs. */
const hangingDirectory = new Proxy({} as AccountDirectory, {
  get: () => () => new Promise(() => undefined),
});

describe.each(storeKinds)('the Stars pre-checkout answer within Telegram’s budget on %s', (kind) => {
  useTestStore(kind);
  beforeEach(() => resetStandIn());
  afterEach(() => installDirectory(undefined));

  it('answers twenty concurrent queries, each well within 10 s, while the account directory hangs', async () => {
    const orders = await Promise.all(
      Array.from({ length: 20 }, (_, n) => pendingStarsOrder({ idempotencyKey: `budget-${kind}-${n}` })),
    );
    installDirectory(hangingDirectory);
    const started = performance.now();
    const timings = await Promise.all(
      orders.map(async (order, n) => {
        const response = await preCheckout(order, `pcq-budget-${n}`);
        expect(response.status).toBe(200);
        return performance.now() - started;
      }),
    );
    expect(Math.max(...timings)).toBeLessThan(TELEGRAM_BUDGET_MS / 4);
    // Each was accepted (the ledger says: ours, pending, this user, this amount), not refused by a time-out.
    for (const n of orders.keys()) expect(preCheckoutAnswer(`pcq-budget-${n}`)).toEqual({ ok: true });
  });
});
