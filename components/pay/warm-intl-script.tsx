import { isoCurrencies } from '@/lib/pricing/catalogue';
import { localeInfo, type Locale } from '@/lib/i18n/locales';

/** The worker that loads ICU for the pay form's formatters off the main thread (public/workers/warm-intl.js). */
export function warmIntlWorkerUrl(locale: Locale): string {
  const query = new URLSearchParams([
    ['locale', localeInfo(locale).tag],
    ...isoCurrencies.map((currency) => ['currency', currency]),
  ]);
  return `/workers/warm-intl.js?${query}`;
}

/**
 * Starts that worker once the page has painted, so ICU is loaded by the time the form is first drawn
 * (its first Intl object would otherwise block the main thread while ICU loads; docs/performance.md).
 * Not while the page is parsed: creating a worker is itself a main-thread task, and before the first
 * paint it would delay it (requestAnimationFrame, then a task: the frame is drawn in between). An
 * inline script, hashed into the page's CSP by the build; where workers are unavailable nothing changes.
 */
export function WarmIntlScript({ locale }: { locale: Locale }) {
  const start = `try{new Worker(${JSON.stringify(warmIntlWorkerUrl(locale))})}catch(e){}`;
  const code = `requestAnimationFrame(function(){setTimeout(function(){${start}})})`;
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
