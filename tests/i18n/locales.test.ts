import { localeTable, localizedPath, localeFromPrefix, isLocale } from '@/lib/i18n/locales';
import { withFallback } from '@/lib/i18n/fallback';

describe('locale table', () => {
  it('has 14 locales with English first and only Urdu right-to-left', () => {
    expect(localeTable.map((l) => l.prefix)).toEqual([
      'en',
      'vi',
      'zh',
      'jp',
      'ko',
      'es',
      'fr',
      'pt',
      'id',
      'de',
      'mr',
      'ur',
      'ru',
      'hi',
    ]);
    expect(localeTable.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ur']);
    expect(localeTable.filter((l) => l.currency === 'VND').map((l) => l.code)).toEqual(['vi']);
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
