import type { Locale } from '@/lib/i18n/locales';
import manifest from '@/lib/i18n/first-view-fonts.json';

/**
 * How a locale's pages get their first-view face before the first layout (generated with the subset
 * faces by `npm run fonts`, scripts/fonts/build.mjs; the root layout puts it in <head>):
 * - `script`: a parser-blocking script that adds the face, for the locales whose script many systems
 *   lack (Hindi, Marathi: Devanagari; Urdu: Naskh);
 * - `loader`: an inline script that adds that script only where no system font draws the locale's
 *   letters (Japanese, Chinese, Korean: nearly every system their readers use has a font for them,
 *   so almost nobody fetches it).
 * Other locales use system fonts only.
 */
export type FirstViewFont = { kind: 'script'; src: string } | { kind: 'loader'; code: string };

type Entry = { src: string; probe?: string };

export function firstViewFont(locale: Locale): FirstViewFont | undefined {
  const entry = (manifest as Partial<Record<Locale, Entry>>)[locale];
  if (!entry) return undefined;
  return entry.probe
    ? { kind: 'loader', code: loaderCode(entry.src, entry.probe) }
    : { kind: 'script', src: entry.src };
}

/** Every inline loader the layout can write, for the CSP of pages rendered per request (proxy.ts). */
export function firstViewLoaders(): string[] {
  const entries = Object.values(manifest as Record<string, Entry>);
  return [...new Set(entries.flatMap((e) => (e.probe ? [loaderCode(e.src, e.probe)] : [])))];
}

/**
 * Draws the probe letter and a code point no font has (U+0378, unassigned) on a canvas: where no
 * system font has the letter, both are the same missing-glyph box, same width and same pixels. Only
 * then does it add the face script, with blocking=render so the page is not painted (nor laid out
 * for paint) before the face is in: the text is laid out once, in it. Where canvas reads are
 * blurred against fingerprinting the pixels differ and nothing is fetched (the system's fallback
 * stays, as before).
 */
function loaderCode(src: string, probe: string): string {
  return (
    `(function(){try{var c=document.createElement("canvas");c.width=48;c.height=32;` +
    `var x=c.getContext("2d");x.font="24px sans-serif";` +
    `var ink=function(t){x.clearRect(0,0,48,32);x.fillText(t,0,24);return x.getImageData(0,0,48,32).data.join()};` +
    `var p=${JSON.stringify(probe)},m="\\u0378";` +
    `if(x.measureText(p).width!==x.measureText(m).width||ink(p)!==ink(m))return;}catch(e){return}` +
    `var s=document.createElement("script");s.src=${JSON.stringify(src)};s.setAttribute("blocking","render");` +
    `document.head.appendChild(s)})()`
  );
}
