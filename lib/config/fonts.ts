import type { Locale } from '@/lib/i18n/locales';

/**
 * The self-hosted faces (public/fonts, SIL OFL, from the Noto project via Fontsource), by the
 * locales that need them. CJK and Latin with Vietnamese come from every visitor's system; Urdu
 * Nastaliq and Devanagari are missing from many, so those pages bring their own. globals.css
 * declares the faces with `font-display: optional`: a face that is not there in time is used
 * from the next page on instead of swapping in and shifting the layout.
 */
const NASTALIQ = '/fonts/noto-nastaliq-urdu-400.woff2';
const DEVANAGARI = '/fonts/noto-sans-devanagari-400.woff2';

/** The face a locale's pages preload (the regular weight; bold is synthesised or fetched on use). */
export const preloadedFont: Partial<Record<Locale, string>> = {
  ur: NASTALIQ,
  hi: DEVANAGARI,
  mr: DEVANAGARI,
};
