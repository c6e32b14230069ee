'use client';

import dynamic from 'next/dynamic';
import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { pages } from '@/lib/config/pages';
import { usePathname } from '@/lib/i18n/navigation';
import { WEB_VITALS_SAMPLE_RATE } from '@/lib/shared/web-vitals';

// Its own chunk, fetched only for a sampled page view, once the page has loaded and the main thread
// is idle: the first view carries only this switch (docs/serving.md#real-users-web-vitals).
const WebVitalsReporter = dynamic(() => import('./web-vitals-reporter').then((m) => m.WebVitalsReporter), {
  ssr: false,
});

const pageByPath = new Map<string, string>(Object.entries(pages).map(([key, { path }]) => [path, key]));

/** Reports this page view's Web Vitals for a sample of views; renders nothing. */
export function WebVitals() {
  const locale = useLocale();
  const pathname = usePathname();
  // Kept from the first render: the report belongs to the page that was loaded, not to pages navigated to later.
  const [page] = useState(() => pageByPath.get(pathname));
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!page || Math.random() >= WEB_VITALS_SAMPLE_RATE) return;
    let idle: number | undefined;
    const start = () => {
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(() => setOn(true), { timeout: 5000 })
          : window.setTimeout(() => setOn(true), 1000);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, [page]);
  return on && page ? <WebVitalsReporter page={page} locale={locale} /> : null;
}
