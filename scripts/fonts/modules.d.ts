// The parts of the font libraries scripts/fonts uses (neither ships its own types).

declare module 'subset-font' {
  /** HarfBuzz's hb-subset: the glyphs `text` reaches, with layout closure (conjuncts, joining forms). */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2'; noHinting?: boolean },
  ): Promise<Buffer>;
}

declare module 'fontkit' {
  export interface Font {
    familyName: string;
    /** Every code point the font's cmap maps to a glyph. */
    characterSet: number[];
    /** Shapes text with the font's OpenType layout tables (GSUB, GPOS). */
    layout(text: string): {
      glyphs: { advanceWidth: number }[];
      positions: { xAdvance: number; xOffset: number; yOffset: number }[];
    };
  }
  export function create(buffer: Buffer): Font;
}
