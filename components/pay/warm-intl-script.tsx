import { currencies } from '@/lib/pricing/catalogue';
import { localeInfo, type Locale } from '@/lib/i18n/locales';

/** The worker that loads ICU for the pay form's formatters off the main thread (public/workers/warm-intl.js). */
export function warmIntlWorkerUrl(locale: Locale): string {
  const query = new URLSearchParams([
    ['locale', localeInfo(locale).tag],
    ...currencies.map((currency) => ['currency', currency]),
  ]);
  return `/workers/warm-intl.js?${query}`;
}

/**
 * Starts that worker while the page is parsed, so ICU is loaded by the time the form is first drawn
 * (its first Intl object would otherwise block the main thread while ICU loads; docs/performance.md). An inline script, hashed
 * into the page's CSP by the build; where workers are unavailable nothing changes.
 */
export function WarmIntlScript({ locale }: { locale: Locale }) {
  const code = `try{new Worker(${JSON.stringify(warmIntlWorkerUrl(locale))})}catch(e){}`;
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
