import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NextRequest } from 'next/server';
import { parse } from 'yaml';
import { POST, GET } from '@/app/api/vitals/route';
import { metrics } from '@/lib/server/observability/metrics';
import { WEB_VITALS_MAX_BYTES } from '@/lib/shared/web-vitals';

let nextIp = 1;
/** A report as the browser sends it, from an address of its own unless `ip` says otherwise. */
function send(body: unknown, { ip = `10.1.0.${nextIp++}`, raw }: { ip?: string; raw?: string } = {}) {
  return POST(
    new NextRequest('http://localhost:3000/api/vitals', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, cookie: 'quorum-pay=secret' },
      body: raw ?? JSON.stringify(body),
    }),
  );
}
const scrape = () => metrics().registry.metrics();
const count = async (pattern: RegExp) => Number(pattern.exec(await scrape())?.[1] ?? 0);

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
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await send({ page: 'home', locale: 'en', values: { FCP: 900 } }, { ip: '10.9.9.9' })).status);
    expect(statuses.slice(0, 20).every((status) => status === 204)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('answers only POST (405 with Allow)', () => {
    const response = GET();
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('OPTIONS, POST');
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

  it('give every alert a severity and a summary', () => {
    for (const rule of rules.groups.flatMap((group) => group.rules)) {
      expect([rule.alert, rule.labels?.severity]).toEqual([rule.alert, expect.stringMatching(/^(page|ticket)$/)]);
      expect(rule.annotations?.summary).toBeTruthy();
    }
  });
});
