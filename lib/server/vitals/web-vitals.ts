import 'server-only';
import { z } from 'zod';
import { pages } from '@/lib/config/pages';
import { locales } from '@/lib/i18n/locales';
import { webVitalNames, WEB_VITALS_MAX_BYTES, type WebVitalsReport } from '@/lib/shared/web-vitals';
import { clientNetwork, isSameOrigin, readJsonBody } from '@/lib/server/request/guards';
import { rateLimit } from '@/lib/server/http/rate-limit';
import { metrics } from '@/lib/server/observability/metrics';

/**
 * Real visitors' Web Vitals (components/layout/web-vitals.tsx sends them), aggregated into
 * Prometheus histograms by page and locale and nothing else: no cookie is read or set, no address or
 * URL is stored, and the labels are bounded (the site's page keys and locales), so a crafted report
 * can neither identify anyone nor grow the metric set. The reports feed alert rules, so they are also
 * guarded against forgery: only this site's own pages may send one, as JSON (which another site's
 * page cannot send without a CORS preflight this route never grants), and one client's share of a
 * page's samples is capped per hour (lib/server/http/rate-limit.ts). docs/serving.md#real-users-web-vitals.
 */

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
  // The browser builds a WebVitalsReport: what this accepts must be one, or the two have drifted apart.
}) satisfies z.ZodType<WebVitalsReport>;

export type WebVitalsOutcome =
  'recorded' | 'invalid' | 'too_large' | 'rate_limited' | 'capped' | 'cross_site' | 'unsupported_media_type';
type WebVitalsStatus = 204 | 403 | 413 | 415 | 429;

/**
 * Records one report. The answer is an empty 204 whether it was recorded or dropped as not one of
 * ours, or an empty refusal (403, 413, 415, 429): the sender learns nothing about the aggregate.
 */
export async function recordWebVitals(
  request: Request,
): Promise<{ status: WebVitalsStatus; outcome: WebVitalsOutcome }> {
  const done = (status: WebVitalsStatus, outcome: WebVitalsOutcome) => {
    metrics().webVitalReports.inc({ outcome });
    return { status, outcome };
  };
  // Another site's page can make its visitors' browsers post here; the browser says so.
  if (!isSameOrigin(request)) return done(403, 'cross_site');
  const client = clientNetwork(request);
  if ((await rateLimit([['vitalsPerClient', client]])) !== null) return done(429, 'rate_limited');
  const body = await readJsonBody(request, WEB_VITALS_MAX_BYTES);
  if (!body.ok && body.status === 415) return done(415, 'unsupported_media_type');
  if (!body.ok && body.status === 413) return done(413, 'too_large');
  const parsed = body.ok ? report.safeParse(body.value) : null;
  if (!parsed?.success) return done(204, 'invalid');
  const { page, locale, values } = parsed.data;
  // Per page, whatever the locale: the alert rules read a page's p75 over all its locales.
  if ((await rateLimit([['vitalsPagePerClient', `${client}|${page}`]])) !== null) return done(429, 'capped');
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (name === 'CLS') metrics().webVitalsCls.observe({ page, locale }, value);
    else metrics().webVitals.observe({ metric: name, page, locale }, value / 1000);
  }
  return done(204, 'recorded');
}
