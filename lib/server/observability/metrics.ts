import 'server-only';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The metrics GET /api/metrics serves (Prometheus text). One registry per process, kept on
 * globalThis because pages, route handlers and instrumentation may each bundle this module.
 * Gauges whose value lives elsewhere (outbox, review queue, reconciliation lag, breakers) read it at scrape time from
 * a source the owning module registers, so no code has to remember to update them.
 */
export type BreakerState = 'closed' | 'half_open' | 'open';
const breakerValue: Record<BreakerState, number> = { closed: 0, half_open: 1, open: 2 };

type Reading = () => Promise<number> | number;

interface Sources {
  outboxDepth?: Reading;
  outboxAge?: Reading;
  reviewQueue?: Reading;
  reconciliationLag?: () => Promise<Record<string, number>>;
  breakers: Map<string, () => BreakerState>;
}

/**
 * A gauge whose value another module owns, read from it at every scrape. A failing read (the database
 * is down) leaves the last value: the scrape still answers, and health says why.
 */
function readAtScrape(registry: Registry, name: string, help: string, source: () => Reading | undefined) {
  return new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const read = source();
      if (!read) return;
      try {
        this.set(await read());
      } catch {
        // the last value stays
      }
    },
  });
}

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'quorum_' });
  const sources: Sources = { breakers: new Map() };
  return {
    registry,
    sources,
    httpRequests: new Counter({
      name: 'quorum_http_requests_total',
      help: 'HTTP requests answered, by method, route group and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'quorum_http_request_duration_seconds',
      help: 'Time from request to the end of the response, by method and route group',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    checkouts: new Counter({
      name: 'quorum_checkouts_total',
      help: 'Checkout attempts by gateway and outcome (created, or the refusal code)',
      labelNames: ['gateway', 'outcome'] as const,
      registers: [registry],
    }),
    callbacks: new Counter({
      name: 'quorum_payment_callbacks_total',
      help: 'Gateway callbacks (IPN, webhook) by gateway and outcome',
      labelNames: ['gateway', 'outcome'] as const,
      registers: [registry],
    }),
    grants: new Counter({
      name: 'quorum_grants_total',
      help: 'Grants delivered from the outbox to the account directory, by its answer (applied, or already applied)',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    revocations: new Counter({
      name: 'quorum_revocations_total',
      help: 'Refunds taken off plans: revocations delivered from the outbox to the account directory, by its answer',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    refunds: new Counter({
      name: 'quorum_refunds_total',
      help: 'Refunds by gateway and outcome (succeeded, refused, unknown: asked again by reconciliation; found: made elsewhere)',
      labelNames: ['gateway', 'outcome'] as const,
      registers: [registry],
    }),
    backendIdentityMismatches: new Counter({
      name: 'quorum_backend_identity_mismatch_total',
      help: 'Chat backend answers about another account, team or member than the one asked for (refused), by operation',
      labelNames: ['operation'] as const,
      registers: [registry],
    }),
    teamPageUnavailable: new Counter({
      name: 'quorum_team_page_unavailable_total',
      help: 'Team pages that showed their "briefly unavailable" view with a 200 (the proxy answers 503 when it knows first)',
      registers: [registry],
    }),
    // Real visitors' page loads (lib/server/vitals/web-vitals.ts). Buckets at Google's "good" and
    // "poor" thresholds of each metric (INP 0.2/0.5 s, FCP 1.8/3 s, LCP 2.5/4 s, TTFB 0.8/1.8 s), so the
    // share of good page views is exact and a p75 is interpolated within a narrow bucket.
    webVitals: new Histogram({
      name: 'quorum_web_vitals_seconds',
      help: 'Web Vitals reported by sampled real page views (LCP, INP, FCP, TTFB), by metric, page and locale',
      labelNames: ['metric', 'page', 'locale'] as const,
      buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.5, 1.8, 2, 2.5, 3, 4, 6, 10],
      registers: [registry],
    }),
    webVitalsCls: new Histogram({
      name: 'quorum_web_vitals_cls',
      help: 'Cumulative Layout Shift reported by sampled real page views, by page and locale',
      labelNames: ['page', 'locale'] as const,
      buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers: [registry],
    }),
    webVitalReports: new Counter({
      name: 'quorum_web_vitals_reports_total',
      help: 'Web Vitals reports received, by outcome (recorded, invalid, too_large, rate_limited, capped, cross_site, unsupported_media_type)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'quorum_rate_limited_total',
      help: 'Requests refused with 429, by limit',
      labelNames: ['limit'] as const,
      registers: [registry],
    }),
    outboxDepth: readAtScrape(
      registry,
      'quorum_outbox_depth',
      'Grants and revocations waiting in the outbox for delivery to the account directory',
      () => sources.outboxDepth,
    ),
    outboxAge: readAtScrape(
      registry,
      'quorum_outbox_oldest_age_seconds',
      'Seconds the oldest grant still in the outbox has waited for delivery (0 when none waits)',
      () => sources.outboxAge,
    ),
    reviewQueue: readAtScrape(
      registry,
      'quorum_review_queue_size',
      'Orders held for a person to decide (amount mismatch, a refund the rules cannot place) and refunds waiting on a gateway: the review queue',
      () => sources.reviewQueue,
    ),
    reconciliationLag: new Gauge({
      name: 'quorum_reconciliation_lag_seconds',
      help: "Seconds by which the oldest order still pending has outlived its gateway's payment window, per gateway (0 when none): how far reconciliation is behind",
      labelNames: ['gateway'] as const,
      registers: [registry],
      async collect() {
        if (!sources.reconciliationLag) return;
        try {
          for (const [gateway, seconds] of Object.entries(await sources.reconciliationLag())) {
            this.set({ gateway }, seconds);
          }
        } catch {
          // as in readAtScrape: the scrape answers, the last values stay
        }
      },
    }),
    breakerState: new Gauge({
      name: 'quorum_breaker_state',
      help: 'Circuit breaker state per dependency: 0 closed, 1 half-open, 2 open',
      labelNames: ['dependency'] as const,
      registers: [registry],
      collect() {
        for (const [dependency, read] of sources.breakers) this.set({ dependency }, breakerValue[read()]);
      },
    }),
  };
}

export type Metrics = ReturnType<typeof create>;
const slot = Symbol.for('quorum.metrics');
type GlobalSlot = { [slot]?: Metrics };

export function metrics(): Metrics {
  const holder = globalThis as GlobalSlot;
  holder[slot] ??= create();
  return holder[slot];
}

/** The outbox registers how to count its pending rows; read at every scrape. */
export function reportOutboxDepth(source: Reading): void {
  metrics().sources.outboxDepth = source;
}

/** The outbox registers how to read its oldest waiting row's age; read at every scrape. */
export function reportOutboxAge(source: Reading): void {
  metrics().sources.outboxAge = source;
}

/** The ledger registers how to count the orders waiting for review; read at every scrape. */
export function reportReviewQueue(source: Reading): void {
  metrics().sources.reviewQueue = source;
}

/** Reconciliation registers how to read how far it is behind, per gateway; read at every scrape. */
export function reportReconciliationLag(source: () => Promise<Record<string, number>>): void {
  metrics().sources.reconciliationLag = source;
}

/** A circuit breaker registers how to read its state; read at every scrape. */
export function reportBreakerState(dependency: string, read: () => BreakerState): void {
  metrics().sources.breakers.set(dependency, read);
}
