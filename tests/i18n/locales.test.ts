import { defaultLocale, localeTable, localizedPath, localeFromPrefix, isLocale } from '@/lib/i18n/locales';
import { currencies } from '@/lib/pricing/catalogue';
import { withFallback } from '@/lib/i18n/fallback';

describe('locale table', () => {
  // No count and no list of the rows: a new locale is one row (tests/i18n/add-a-locale.test.ts), and
  // these are the rules every row keeps.
  it('starts with English, the default, and names each code, prefix and tag once', () => {
    expect(localeTable[0]?.code).toBe(defaultLocale);
    expect(localeTable[0]?.prefix).toBe(defaultLocale);
    for (const field of ['code', 'prefix', 'tag', 'name'] as const) {
      const values = localeTable.map((l) => l[field]);
      expect({ field, duplicates: values.filter((v, i) => values.indexOf(v) !== i) }).toEqual({
        field,
        duplicates: [],
      });
    }
  });

  it('gives every row a prefix of the shape the proxy matcher skips (two or three lowercase letters), used by no other locale as its code', () => {
    for (const { code, prefix } of localeTable) {
      expect({ code, prefix, shape: /^[a-z]{2,3}$/.test(prefix) }).toEqual({ code, prefix, shape: true });
      const other = localeTable.find((l) => l.code === prefix && l.code !== code);
      expect({ prefix, codeOf: other?.code }).toEqual({ prefix, codeOf: undefined });
    }
  });

  it('gives every row a direction and a currency of the catalogue: Urdu right to left, Vietnamese in VND', () => {
    for (const { dir, currency } of localeTable) {
      expect(['ltr', 'rtl']).toContain(dir);
      expect(currencies).toContain(currency);
    }
    expect(localeTable.find((l) => l.code === 'ur')?.dir).toBe('rtl');
    expect(localeTable.find((l) => l.code === 'en')?.dir).toBe('ltr');
    expect(localeTable.find((l) => l.code === 'vi')?.currency).toBe('VND');
    expect(localeTable.find((l) => l.code === 'en')?.currency).toBe('USD');
  });

  it('uses real BCP 47 tags that Intl resolves to the same language', () => {
    for (const { code, tag } of localeTable) {
      expect(Intl.getCanonicalLocales(tag)[0]).toBe(tag);
      expect(new Intl.Locale(new Intl.NumberFormat(tag).resolvedOptions().locale).language).toBe(code);
    }
  });

  it('keeps Japanese as ja internally and jp in URLs', () => {
    expect(localeFromPrefix('jp')).toBe('ja');
    expect(localeFromPrefix('ja')).toBeUndefined();
    expect(isLocale('jp')).toBe(false);
    expect(localizedPath('ja', '/pay')).toBe('/jp/pay');
    expect(localizedPath('en', '/pay')).toBe('/pay');
    expect(localizedPath('vi', '/')).toBe('/vi');
  });
});

describe('English fallback for missing messages', () => {
  it('fills gaps recursively and keeps translations', () => {
    expect(withFallback({ A: { x: 'X-vi' } }, { A: { x: 'X', y: 'Y' }, B: 'b' })).toEqual({
      A: { x: 'X-vi', y: 'Y' },
      B: 'b',
    });
  });
});
