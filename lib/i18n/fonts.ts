import type { Locale } from '@/lib/i18n/locales';

const devanagari = ['/fonts/noto-sans-devanagari-400.woff2', '/fonts/noto-sans-devanagari-700.woff2'] as const;

/**
 * The self-hosted faces a locale's text needs before its first paint (the `block` faces of
 * app/globals.css), preloaded by the root layout so the text is drawn once, in a face that has
 * every letter. Locales not listed use system fonts only. Urdu's Nastaliq face is not here on
 * purpose: it is `optional` and arrives for the next page (see app/globals.css).
 */
export const firstViewFonts: Partial<Record<Locale, readonly string[]>> = {
  ur: ['/fonts/noto-naskh-arabic-400.woff2'],
  hi: devanagari,
  mr: devanagari,
};
