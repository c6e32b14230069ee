import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  MAX_BYTES,
  OG_SIZE,
  allowedArguments,
  cardText,
  imageName,
  inputHash,
  manifestPath,
  ogCards,
  ogLocales,
  outputDir,
  type OgManifest,
} from '../../scripts/og/inputs.mjs';
import { OG_IMAGE_SIZE, ogCards as configCards, ogImagePath } from '@/lib/config/og-cards';
import { locales } from '@/lib/i18n/locales';

/*
 * The link preview cards are drawn by `npm run og-images` (Chromium, so Devanagari, Nastaliq and CJK
 * are shaped) and committed: a host's build has no browser. These tests fail when an image is
 * missing, not 1200×630, too heavy for WhatsApp, or drawn from texts, template or fonts that have
 * changed since. Fix: npm run og-images.
 */

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, manifestPath), 'utf8')) as OgManifest;
const cases = ogLocales().flatMap((locale) =>
  ogCards.map((card) => [imageName(locale.code, card), locale.code, card] as const),
);

/** Width and height from a PNG's IHDR chunk, or null when the file is not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('link preview card images', () => {
  it('cover every locale of the table and every card the metadata names, at the size it declares', () => {
    expect(ogLocales().map((l) => l.code)).toEqual([...locales]);
    expect([...ogCards]).toEqual([...configCards]);
    expect(OG_SIZE).toEqual(OG_IMAGE_SIZE);
    for (const [name, code, card] of cases) {
      expect(`/${outputDir.replace(/^public\//, '')}/${name}`).toBe(
        ogImagePath(code as (typeof locales)[number], card),
      );
    }
  });

  it.each(cases)('%s is a 1200×630 PNG under 300 KB', (name) => {
    const file = join(root, outputDir, name);
    expect(existsSync(file)).toBe(true);
    const bytes = readFileSync(file);
    expect(pngSize(bytes)).toEqual(OG_SIZE);
    expect(statSync(file).size).toBeLessThan(MAX_BYTES);
  });

  it.each(cases)('%s was drawn from the current texts, template and fonts', (name, code, card) => {
    const recorded = manifest.images[name]?.inputs;
    const current = inputHash(code, card);
    if (recorded !== current) {
      throw new Error(
        `public/og/${name} is out of date: its texts (messages/${code}.json), scripts/og/card.html or its fonts ` +
          `changed since it was drawn. Run \`npm run og-images\` and commit public/og.`,
      );
    }
  });

  it('the manifest lists no image that is not drawn any more', () => {
    expect(Object.keys(manifest.images).sort()).toEqual(cases.map(([name]) => name).sort());
  });

  it.each(cases)('%s shows no personal data: its messages use no argument but {brand}', (_name, code, card) => {
    const { title, description, argumentsUsed } = cardText(code, card);
    expect(argumentsUsed.filter((a) => !allowedArguments.includes(a))).toEqual([]);
    // Every argument was filled in: no `{…}` left for anyone's name, plan or team.
    expect(`${title} ${description}`).not.toMatch(/[{}]/);
    expect(title.trim()).not.toBe('');
    expect(description.trim()).not.toBe('');
  });
});
