import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NextRequest } from 'next/server';
import { parse } from 'yaml';
import { POST, GET } from '@/app/api/vitals/route';
import { metrics } from '@/lib/server/observability/metrics';
import { WEB_VITALS_MAX_BYTES } from '@/lib/shared/web-vitals';
import { pages } from '@/lib/config/pages';
import { env } from '@/lib/server/env';

/** The configured default (VITALS_PAGE_REPORTS_PER_HOUR unset), which the alert rules are sized for. */
const VITALS_REPORTS_PER_PAGE_PER_HOUR = env().VITALS_PAGE_REPORTS_PER_HOUR;

let nextIp = 1;
type Sender = { ip?: string; raw?: string; headers?: Record<string, string | null> };
/**
 * A report as the browser sends it from one of the site's pages (same-origin, JSON, no credentials
 * asked for), from an address of its own unless `ip` says otherwise; `headers` replace the browser's.
 */
function send(body: unknown, { ip = `10.1.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`, raw, headers }: Sender = {}) {
  const browser = {
    'content-type': 'application/json',
    'sec-fetch-site': 'same-origin',
    origin: 'http://localhost:3000',
  };
  const sent = { ...browser, 'x-forwarded-for': ip, cookie: 'quorum-pay=secret', ...headers };
  return POST(
    new NextRequest('http://localhost:3000/api/vitals', {
      method: 'POST',
      headers: Object.fromEntries(Object.entries(sent).filter((entry): entry is [string, string] => entry[1] !== null)),
      body: raw ?? JSON.stringify(body),
    }),
  );
}
const scrape = () => metrics().registry.metrics();
const count = async (pattern: RegExp) => Number(pattern.exec(await scrape())?.[1] ?? 0);
/** LCP samples recorded for `page`, over all its locales. */
const lcpSamples = async (page: string) =>
  [
    ...(await scrape()).matchAll(
      new RegExp(`quorum_web_vitals_seconds_count\\{metric="LCP",page="${page}",locale="[a-z]+"\\} (\\d+)`, 'g'),
    ),
  ]
    .map((match) => Number(match[1]))
    .reduce((sum, n) => sum + n, 0);
const outcome = (name: string) => count(new RegExp(`quorum_web_vitals_reports_total\\{outcome="${name}"\\} (\\d+)`));

describe('real visitors’ Web Vitals', () => {
  it('aggregates a report into histograms by metric, page and locale, in seconds (CLS unitless), and answers 204 with no cookie', async () => {
    const lcp = /quorum_web_vitals_seconds_count\{metric="LCP",page="pay",locale="vi"\} (\d+)/;
    const cls = /quorum_web_vitals_cls_count\{page="pay",locale="vi"\} (\d+)/;
    const [lcpBefore, clsBefore] = [await count(lcp), await count(cls)];
    const response = await send({ page: 'pay', locale: 'vi', values: { LCP: 1800, INP: 120, CLS: 0.02, TTFB: 300 } });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await count(lcp)).toBe(lcpBefore + 1);
    expect(await count(cls)).toBe(clsBefore + 1);
    // 1.8 s falls in the 1.8 s bucket, not the 1.5 s one.
    const text = await scrape();
    expect(text).toMatch(/quorum_web_vitals_seconds_bucket\{le="1\.8",metric="LCP",page="pay",locale="vi"\} [1-9]/);
  });

  it('records nothing of a report naming an unknown page, locale or metric, or an impossible value, so labels stay bounded', async () => {
    const before = await scrape();
    const invalid = /quorum_web_vitals_reports_total\{outcome="invalid"\} (\d+)/;
    const invalidBefore = await count(invalid);
    const forged = [
      { page: '/pay?t=secret', locale: 'vi', values: { LCP: 1000 } },
      { page: 'pay', locale: 'xx', values: { LCP: 1000 } },
      { page: 'pay', locale: 'vi', values: { FID: 10 } },
      { page: 'pay', locale: 'vi', values: { LCP: -1 } },
      { page: 'pay', locale: 'vi', values: { LCP: 1e9 } },
      { page: 'pay', locale: 'vi', values: {} },
      { page: 'pay', locale: 'vi', values: { LCP: 1000 }, user: 'alice' },
    ];
    for (const body of forged) expect((await send(body)).status).toBe(204);
    expect((await send(null, { raw: '{not json' })).status).toBe(204);
    expect(await count(invalid)).toBe(invalidBefore + forged.length + 1);
    const series = (text: string) => text.split('\n').filter((line) => line.startsWith('quorum_web_vitals_seconds'));
    expect(series(await scrape())).toEqual(series(before));
  });

  it(`refuses a body over ${WEB_VITALS_MAX_BYTES} bytes with 413, before reading it as JSON`, async () => {
    const response = await send(null, { raw: JSON.stringify({ page: 'pay', pad: 'x'.repeat(WEB_VITALS_MAX_BYTES) }) });
    expect(response.status).toBe(413);
  });

  it('takes at most 20 reports a minute from one address (429 after)', async () => {
    const keys = Object.keys(pages);
    const statuses = [];
    // Each to another page, so the hourly cap per page is not what stops them.
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await send({ page: keys[i % keys.length], locale: 'en', values: { FCP: 900 } }, { ip: '10.9.9.9' })).status,
      );
    expect(statuses.slice(0, 20).every((status) => status === 204)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('answers only POST (405 with Allow)', () => {
    const response = GET();
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('OPTIONS, POST');
  });
});

describe('Web Vitals reports only from the site’s own pages, and no client owning a page’s p75', () => {
  const forged = { page: 'terms', locale: 'de', values: { LCP: 120_000 } };

  it('refuses with 403 a report another site’s page makes a browser send (Sec-Fetch-Site cross-site, or same-site from a sibling origin), and records nothing', async () => {
    const [samples, refused] = [await lcpSamples('terms'), await outcome('cross_site')];
    const crossSite = await send(forged, {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    const sibling = await send(forged, {
      headers: { 'sec-fetch-site': 'same-site', origin: 'http://blog.localhost:3000' },
    });
    expect([crossSite.status, sibling.status]).toEqual([403, 403]);
    expect(await lcpSamples('terms')).toBe(samples);
    expect(await outcome('cross_site')).toBe(refused + 2);
  });

  it('without Sec-Fetch-Site, refuses a foreign Origin or none (403) and records nothing; SITE_URL’s Origin is accepted', async () => {
    const samples = await lcpSamples('terms');
    const foreign = await send(forged, { headers: { 'sec-fetch-site': null, origin: 'https://evil.example' } });
    const unnamed = await send(forged, { headers: { 'sec-fetch-site': null, origin: null } });
    expect([foreign.status, unnamed.status]).toEqual([403, 403]);
    expect(await lcpSamples('terms')).toBe(samples);
    const own = await send(forged, { headers: { 'sec-fetch-site': null, origin: 'http://localhost:3000' } });
    expect(own.status).toBe(204);
    expect(await lcpSamples('terms')).toBe(samples + 1);
  });

  it('refuses with 415 a report that is not application/json (text/plain is what another site can post without a preflight), and records nothing', async () => {
    const [samples, refused] = [await lcpSamples('terms'), await outcome('unsupported_media_type')];
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded']) {
      expect((await send(forged, { headers: { 'content-type': type } })).status).toBe(415);
    }
    expect(await lcpSamples('terms')).toBe(samples);
    expect(await outcome('unsupported_media_type')).toBe(refused + 3);
  });

  it('records a same-origin JSON report as the site’s reporter sends it (204)', async () => {
    const samples = await lcpSamples('privacy');
    const response = await send({ page: 'privacy', locale: 'fr', values: { LCP: 1400, TTFB: 200 } });
    expect(response.status).toBe(204);
    expect(await lcpSamples('privacy')).toBe(samples + 1);
  });

  it(`records at most ${VITALS_REPORTS_PER_PAGE_PER_HOUR} reports an hour of one page from one client, whatever their locales (429 after); other pages and other clients still count`, async () => {
    const ip = '10.7.7.7';
    const [samples, capped] = [await lcpSamples('join'), await outcome('capped')];
    const statuses = [];
    for (let i = 0; i < VITALS_REPORTS_PER_PAGE_PER_HOUR + 4; i++) {
      const report = { page: 'join', locale: i % 2 ? 'vi' : 'en', values: { LCP: 120_000 } };
      statuses.push((await send(report, { ip })).status);
    }
    expect(statuses).toEqual([...Array<number>(VITALS_REPORTS_PER_PAGE_PER_HOUR).fill(204), 429, 429, 429, 429]);
    expect(await lcpSamples('join')).toBe(samples + VITALS_REPORTS_PER_PAGE_PER_HOUR);
    expect(await outcome('capped')).toBe(capped + 4);
    expect((await send({ page: 'pay', locale: 'en', values: { LCP: 900 } }, { ip })).status).toBe(204);
    expect((await send({ page: 'join', locale: 'en', values: { LCP: 900 } })).status).toBe(204);
    expect(await lcpSamples('join')).toBe(samples + VITALS_REPORTS_PER_PAGE_PER_HOUR + 1);
  });

  it('counts an IPv6 /64 as one client: its addresses share the hourly cap, another /64 has its own', async () => {
    const statuses = [];
    for (let i = 1; i <= VITALS_REPORTS_PER_PAGE_PER_HOUR + 1; i++) {
      statuses.push(
        (await send({ page: 'warrantyPolicy', locale: 'en', values: { LCP: 900 } }, { ip: `2001:db8:1:2::${i}` }))
          .status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 204)).toBe(true);
    const neighbour = await send(
      { page: 'warrantyPolicy', locale: 'en', values: { LCP: 900 } },
      { ip: '2001:db8:1:3::1' },
    );
    expect(neighbour.status).toBe(204);
  });
});

describe("the operator's dashboard and alert rules", () => {
  const root = join(__dirname, '..', '..');
  const rules = parse(readFileSync(join(root, 'deploy/prometheus/quorum-alerts.yml'), 'utf8')) as {
    groups: Array<{
      rules: Array<{ alert: string; expr: string; labels?: { severity?: string }; annotations?: { summary?: string } }>;
    }>;
  };
  const dashboard = JSON.parse(readFileSync(join(root, 'deploy/grafana/quorum-site.json'), 'utf8')) as {
    panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
  };
  const expressions = [
    ...rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr)),
    ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
  ];
  /** A series name as Prometheus stores it, to the metric /api/metrics declares (histograms add suffixes). */
  const declared = (name: string) => name.replace(/_(bucket|count|sum)$/, '');

  it('query only metrics that /api/metrics serves', async () => {
    const served = new Set([...(await metrics().registry.metrics()).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
    const used = [...new Set(expressions.flatMap((expr) => [...expr.matchAll(/\bquorum_[a-z_]+/g)].map((m) => m[0])))];
    expect(used.length).toBeGreaterThan(8);
    expect(used.filter((name) => !served.has(declared(name)) && !served.has(name))).toEqual([]);
  });

  it('cover what an operator must see: p75 LCP and INP per page, 5xx, callback failures, outbox depth and age, review queue, reconciliation lag, refunds', () => {
    const all = expressions.join('\n');
    for (const needed of [
      /histogram_quantile\(0\.75, sum by \(le, page\) \(rate\(quorum_web_vitals_seconds_bucket\{metric="LCP"/,
      /histogram_quantile\(0\.75, sum by \(le, page\) \(rate\(quorum_web_vitals_seconds_bucket\{metric="INP"/,
      /quorum_http_requests_total\{status=~"5\.\."\}/,
      /quorum_payment_callbacks_total\{outcome="error"\}/,
      /quorum_outbox_depth/,
      /quorum_outbox_oldest_age_seconds/,
      /quorum_review_queue_size/,
      /quorum_reconciliation_lag_seconds/,
      /quorum_refunds_total/,
    ]) {
      expect(all).toMatch(needed);
    }
  });

  it(`alert on a page's Web Vitals only over more samples than 20 clients at the hourly cap (${VITALS_REPORTS_PER_PAGE_PER_HOUR} each) can send`, () => {
    const vitals = rules.groups
      .flatMap((group) => group.rules)
      .filter((rule) => rule.expr.includes('quorum_web_vitals'));
    expect(vitals.map((rule) => rule.alert)).toEqual(['QuorumSlowLcp', 'QuorumSlowInp', 'QuorumLayoutShift']);
    for (const rule of vitals) {
      const samples = /sum by \(page\) \(increase\(quorum_web_vitals_[a-z]+_count(?:\{[^}]*\})?\[1h\]\)\) > (\d+)/.exec(
        rule.expr,
      );
      expect([rule.alert, Number(samples?.[1])]).toEqual([rule.alert, expect.any(Number)]);
      expect(Number(samples?.[1])).toBeGreaterThanOrEqual(20 * VITALS_REPORTS_PER_PAGE_PER_HOUR);
    }
  });

  it('give every alert a severity and a summary', () => {
    for (const rule of rules.groups.flatMap((group) => group.rules)) {
      expect([rule.alert, rule.labels?.severity]).toEqual([rule.alert, expect.stringMatching(/^(page|ticket)$/)]);
      expect(rule.annotations?.summary).toBeTruthy();
    }
  });
});
