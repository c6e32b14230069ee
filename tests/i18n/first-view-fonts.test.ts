import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  charactersFor,
  facesInScript,
  firstViewScripts,
  fontCodePoints,
  inUnicodeRange,
  manifestPath,
  mustBeDrawn,
  outputDir,
  shaper,
  siteText,
} from '../../scripts/fonts/first-view.mjs';

/*
 * The first-view faces of Hindi, Marathi and Urdu are subsets (npm run fonts). A translation that
 * brings a new letter, or a subset that lost the glyphs a conjunct or a joining form needs, would
 * draw boxes or wrongly shaped words on the first view; these tests fail first. Fix: npm run fonts.
 */

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, manifestPath), 'utf8')) as Record<string, { src: string }>;
type ScriptName = keyof typeof firstViewScripts;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const scriptNames = Object.keys(firstViewScripts) as ScriptName[];

function shippedFaces(name: ScriptName) {
  const [locale] = firstViewScripts[name].locales;
  const js = readFileSync(join(root, 'public', manifest[locale!]!.src), 'utf8');
  return facesInScript(js);
}

describe('first-view fonts', () => {
  it('each locale whose script systems lack has its script, and the files are the ones the manifest names', () => {
    const expected = Object.fromEntries(
      scriptNames.flatMap((name) =>
        firstViewScripts[name].locales.map((locale) => [locale, { src: expect.any(String) }]),
      ),
    );
    expect(manifest).toEqual(expected);
    const named = new Set(Object.values(manifest).map(({ src }) => src.split('/').pop()));
    expect(new Set(readdirSync(join(root, outputDir)))).toEqual(named);
    for (const { src } of Object.values(manifest)) expect(existsSync(join(root, 'public', src))).toBe(true);
  });

  it.each(scriptNames)('%s: every weight has every letter the pages of its locales draw', (name) => {
    const faces = shippedFaces(name);
    expect(faces.map((f) => f.weight)).toEqual(firstViewScripts[name].faces.map((f) => f.weight));
    for (const locale of firstViewScripts[name].locales) {
      const needed = charactersFor(name, siteText(locale)).filter(mustBeDrawn);
      expect(needed.length).toBeGreaterThan(40);
      for (const face of faces) {
        const has = fontCodePoints(face.bytes);
        const missing = needed.filter((cp) => !has.has(cp)).map((cp) => String.fromCodePoint(cp));
        expect({ locale, weight: face.weight, missing }).toEqual({ locale, weight: face.weight, missing: [] });
      }
    }
  });

  it.each(scriptNames)(
    '%s: the subset shapes every message as the whole face does (conjuncts, joining forms)',
    (name) => {
      const script = firstViewScripts[name];
      const inRange = inUnicodeRange(script.unicodeRange);
      const inScript = (word: string) => [...word].some((ch) => inRange(ch.codePointAt(0)!));
      const faces = shippedFaces(name);
      for (const [i, { weight, source }] of script.faces.entries()) {
        const subset = shaper(faces[i]!.bytes);
        const whole = shaper(readFileSync(join(root, source)));
        for (const locale of script.locales) {
          const messages = readFileSync(join(root, 'messages', `${locale}.json`), 'utf8');
          const words = new Set<string>();
          for (const word of messages.split(/[^\p{L}\p{M}\p{N}\u200c\u200d]+/u).filter(inScript)) {
            if (script.shapingUnit === 'word') words.add(word);
            else for (const { segment } of graphemes.segment(word)) words.add(segment);
          }
          expect(words.size).toBeGreaterThan(100);
          for (const word of words) {
            expect({ weight, word, shape: subset(word) }).toEqual({ weight, word, shape: whole(word) });
          }
        }
      }
    },
  );
});
