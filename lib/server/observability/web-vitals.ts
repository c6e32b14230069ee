import 'server-only';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import { pages } from '@/lib/config/pages';
import { locales } from '@/lib/i18n/locales';
import { webVitalNames, WEB_VITALS_MAX_BYTES } from '@/lib/shared/web-vitals';
import { clientIp, readCappedBody } from '@/lib/server/http/guards';
import { metrics } from './metrics';

/**
 * Real visitors' Web Vitals (components/layout/web-vitals.tsx sends them), aggregated into
 * Prometheus histograms by page and locale and nothing else: no cookie is read or set, no address or
 * URL is stored, and the labels are bounded (the site's page keys and locales), so a crafted report
 * can neither identify anyone nor grow the metric set. docs/serving.md#real-users-web-vitals.
 */
const REPORTS_PER_MINUTE_PER_IP = 20;
// Per process, in memory: a lost count costs a few samples, so no shared store is worth a write per report.
const limiter = new RateLimiterMemory({ points: REPORTS_PER_MINUTE_PER_IP, duration: 60, keyPrefix: 'vitals' });

/** Beyond these a value is a broken clock or a forged report, not a measurement. */
const MAX_MILLISECONDS = 120_000;
const MAX_CLS = 100;

const report = z.strictObject({
  page: z.enum(Object.keys(pages) as [string, ...string[]]),
  locale: z.enum(locales),
  values: z
    .strictObject(
      Object.fromEntries(
        webVitalNames.map((name) => [
          name,
          z
            .number()
            .finite()
            .min(0)
            .max(name === 'CLS' ? MAX_CLS : MAX_MILLISECONDS)
            .optional(),
        ]),
      ),
    )
    .refine((values) => Object.keys(values).length > 0),
});

export type WebVitalsOutcome = 'recorded' | 'invalid' | 'too_large' | 'rate_limited';

/** Records one report; the answer is always an empty 204 (or 413/429), so the browser learns nothing. */
export async function recordWebVitals(
  request: Request,
): Promise<{ status: 204 | 413 | 429; outcome: WebVitalsOutcome }> {
  try {
    await limiter.consume(clientIp(request));
  } catch {
    metrics().webVitalReports.inc({ outcome: 'rate_limited' });
    return { status: 429, outcome: 'rate_limited' };
  }
  const body = await readCappedBody(request, WEB_VITALS_MAX_BYTES);
  if (!body.ok) {
    metrics().webVitalReports.inc({ outcome: 'too_large' });
    return { status: 413, outcome: 'too_large' };
  }
  let parsed;
  try {
    parsed = report.safeParse(JSON.parse(body.text));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) {
    metrics().webVitalReports.inc({ outcome: 'invalid' });
    return { status: 204, outcome: 'invalid' };
  }
  const { page, locale, values } = parsed.data;
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (name === 'CLS') metrics().webVitalsCls.observe({ page, locale }, value);
    else metrics().webVitals.observe({ metric: name, page, locale }, value / 1000);
  }
  metrics().webVitalReports.inc({ outcome: 'recorded' });
  return { status: 204, outcome: 'recorded' };
}
