/**
 * What the browser reports of a page view's Core Web Vitals and what the server accepts: both sides
 * read these limits, so a report the browser builds is never one the server refuses.
 */
export const webVitalNames = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalName = (typeof webVitalNames)[number];

/** The endpoint; same origin, so the CSP's `connect-src 'self'` allows it. */
export const WEB_VITALS_PATH = '/api/vitals';
/** A report is one small JSON object; anything longer is not one of ours. */
export const WEB_VITALS_MAX_BYTES = 1024;
/** The share of page views that report: enough for percentiles, little traffic. */
export const WEB_VITALS_SAMPLE_RATE = 0.25;

/** One page view's report: the page (its key, never its URL), its locale, and each metric's value. */
export interface WebVitalsReport {
  page: string;
  locale: string;
  /** Milliseconds, except CLS (unitless). */
  values: Partial<Record<WebVitalName, number>>;
}
