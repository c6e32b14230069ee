import type { Locale } from '@/lib/i18n/locales';
import firstViewScripts from '@/lib/i18n/first-view-fonts.json';

/**
 * The script that gives a locale's pages their first-view face before the first layout, for the
 * locales whose script many systems lack (Hindi, Marathi: Devanagari; Urdu: Naskh). Generated with
 * the subset faces by `npm run fonts` (scripts/fonts/build.mjs); the root layout loads it in <head>,
 * so it runs before the body is laid out. Other locales use system fonts only.
 */
export function firstViewFontScript(locale: Locale): string | undefined {
  return (firstViewScripts as Partial<Record<Locale, string>>)[locale];
}
