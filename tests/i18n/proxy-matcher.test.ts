import { config } from '@/proxy';
import { localeTable } from '@/lib/i18n/locales';

// Next reads the matcher statically, so it is written out by hand in proxy.ts; this test keeps
// it equal to what the locale table implies.
const matcher = new RegExp(`^${config.matcher[0]}$`);

describe('proxy matcher', () => {
  it('skips exactly the prefixes that equal their locale code (except English)', () => {
    for (const { code, prefix } of localeTable) {
      const skipped = !matcher.test(`/${prefix}/pay`) && !matcher.test(`/${prefix}`);
      expect({ prefix, skipped }).toEqual({ prefix, skipped: code === prefix && code !== 'en' });
    }
  });

  it.each(['/', '/pay', '/join', '/en', '/en/pay', '/jp', '/jp/pay', '/ja/pay', '/xx/pay', '/vix/pay'])(
    'runs on %s',
    (path) => {
      expect(matcher.test(path)).toBe(true);
    },
  );

  it.each(['/api/health', '/_next/static/chunk.js', '/robots.txt', '/sitemap.xml', '/icon.svg'])('skips %s', (path) => {
    expect(matcher.test(path)).toBe(false);
  });
});

describe('pay and team link exchange in prefixed locales', () => {
  const [, linkExchange] = config.matcher as unknown as [
    string,
    { source: string; has: Array<{ type: string; key: string }> },
  ];

  it('runs the proxy on /<prefix>/pay and /<prefix>/team only when a t parameter is present', () => {
    expect(linkExchange.has).toEqual([{ type: 'query', key: 't' }]);
    const prefixes = linkExchange.source.match(/:prefix\(([^)]*)\)/)?.[1]?.split('|') ?? [];
    const skipped = localeTable.filter(({ code, prefix }) => code === prefix && code !== 'en').map((l) => l.prefix);
    expect(prefixes.sort()).toEqual(skipped.sort());
    expect(linkExchange.source).toContain(':page(pay|team)');
  });
});
