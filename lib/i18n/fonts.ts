import type { Locale } from '@/lib/i18n/locales';
import manifest from '@/lib/i18n/first-view-fonts.json';

/**
 * The first-view face of a locale whose script many systems lack (Hindi, Marathi: Devanagari; Urdu:
 * Naskh): a parser-blocking script that adds the face before the first layout (generated with the
 * subset faces by `npm run fonts`, scripts/fonts/build.mjs; the root layout puts it in <head>).
 * Other locales, Japanese, Chinese and Korean included, use system fonts only.
 */
export type FirstViewFont = { src: string };

export function firstViewFont(locale: Locale): FirstViewFont | undefined {
  const entry = (manifest as Partial<Record<Locale, FirstViewFont>>)[locale];
  return entry ? { src: entry.src } : undefined;
}
