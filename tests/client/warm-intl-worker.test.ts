import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { warmIntlWorkerUrl } from '@/components/pay/warm-intl-script';
import { isoCurrencies } from '@/lib/pricing/catalogue';

const source = readFileSync('public/workers/warm-intl.js', 'utf8');

/** Runs the worker's source as a browser would, with Intl recording what it builds. */
function runWorker(url: string, { failOn }: { failOn?: string } = {}) {
  const built: string[] = [];
  let closed = false;
  const record = (name: string) =>
    function (locale: string, options?: { currency?: string }) {
      if (failOn && options?.currency === failOn) throw new RangeError('bad currency');
      built.push([name, locale, options?.currency].filter(Boolean).join(' '));
      return { format: () => '', select: () => '' };
    };
  const intl = {
    NumberFormat: record('NumberFormat'),
    DateTimeFormat: record('DateTimeFormat'),
    PluralRules: record('PluralRules'),
  };
  const self = { location: { href: new URL(url, 'http://localhost').href }, close: () => (closed = true) };
  let error: unknown;
  try {
    runInNewContext(source, { self, URL, Intl: intl });
  } catch (e) {
    error = e;
  }
  return { built, closed: () => closed, error };
}

describe('the pay page’s Intl warm-up worker', () => {
  it('builds a currency formatter per catalogue currency Intl writes, a date formatter and plural rules, in the page’s locale, then closes', () => {
    const worker = runWorker(warmIntlWorkerUrl('ja'));
    expect(worker.built).toEqual([
      ...isoCurrencies.map((currency) => `NumberFormat ja-JP ${currency}`),
      'DateTimeFormat ja-JP',
      'PluralRules ja-JP',
    ]);
    expect(worker.closed()).toBe(true);
  });

  it('closes even when a formatter cannot be built', () => {
    const worker = runWorker(warmIntlWorkerUrl('vi'), { failOn: 'USD' });
    expect(worker.error).toBeInstanceOf(RangeError);
    expect(worker.closed()).toBe(true);
  });
});
