'use client';

import { useReportWebVitals } from 'next/web-vitals';
import { useEffect, useRef } from 'react';
import { WEB_VITALS_MAX_BYTES, WEB_VITALS_PATH, webVitalNames, type WebVitalsReport } from '@/lib/shared/web-vitals';

const reported = new Set<string>(webVitalNames);

/**
 * Collects the page view's LCP, INP, CLS, FCP and TTFB (Next's useReportWebVitals, the web-vitals
 * library) and sends them in one request when the page is hidden or left: the values are final by
 * then, and a report never competes with the page's own work. Sent without credentials (no cookie),
 * with `keepalive` so it survives the page's unload; a failure is ignored.
 */
export function WebVitalsReporter({ page, locale }: { page: string; locale: string }) {
  const report = useRef<WebVitalsReport>({ page, locale, values: {} });
  useReportWebVitals((metric) => {
    // Soft navigations belong to other pages than the one this report is for.
    if (!reported.has(metric.name) || metric.navigationType === 'soft-navigation') return;
    report.current.values[metric.name as keyof WebVitalsReport['values']] =
      metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  });
  useEffect(() => {
    let sent = false;
    const send = () => {
      if (sent || document.visibilityState !== 'hidden' || Object.keys(report.current.values).length === 0) return;
      sent = true;
      const body = JSON.stringify(report.current);
      if (body.length > WEB_VITALS_MAX_BYTES) return;
      fetch(WEB_VITALS_PATH, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
      }).catch(() => {});
    };
    document.addEventListener('visibilitychange', send);
    window.addEventListener('pagehide', send);
    return () => {
      document.removeEventListener('visibilitychange', send);
      window.removeEventListener('pagehide', send);
    };
  }, []);
  return null;
}
