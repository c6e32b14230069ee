import { test, expect, type Page } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';

/**
 * Scripts that Latin typography gets wrong, read from the rendered lines (app/globals.css).
 */

const phone = { width: 360, height: 740 };

interface Line {
  /** The line's top (its text's client rects, Range.getClientRects). */
  top: number;
  /** How far the line's own glyphs reach above and below the baseline (canvas measureText in the element's font). */
  inkAscent: number;
  inkDescent: number;
  text: string;
}

interface Lines {
  lines: Line[];
  /** The font's ascent: from the top of a line's text box to its baseline. */
  fontAscent: number;
  lineHeight: string;
  fontSize: string;
}

/**
 * The rendered lines of `selector`'s text: each character's rect says which line it is on (a new line
 * starts where a rect's top moves down); each line's ink is measured with canvas measureText in the
 * element's own font (actualBoundingBox*: the letters' ink, not the font's nominal box).
 */
function readLines(page: Page, selector: string): Promise<Lines> {
  return page.locator(selector).evaluate((element) => {
    const rows: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        const last = rows[rows.length - 1];
        if (rect && rect.height > 0 && (!last || rect.top > last.top + rect.height / 2)) {
          rows.push({ top: rect.top, text: '' });
        }
        const current = rows[rows.length - 1];
        if (current) current.text += text[i];
      }
    }
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    context.direction = style.direction === 'rtl' ? 'rtl' : 'ltr';
    const lines = rows.map(({ top, text }) => {
      const metrics = context.measureText(text.trim());
      return {
        top,
        text: text.trim(),
        inkAscent: metrics.actualBoundingBoxAscent,
        inkDescent: metrics.actualBoundingBoxDescent,
      };
    });
    return {
      lines,
      fontAscent: context.measureText('x').fontBoundingBoxAscent,
      lineHeight: style.lineHeight,
      fontSize: style.fontSize,
    };
  });
}

/**
 * Consecutive lines collide when the lowest ink of one line reaches below the highest ink of the next:
 * a line's baseline is its top plus the font's ascent, its ink spans [baseline − inkAscent, baseline +
 * inkDescent]. The overlap of each pair of lines in pixels (positive = glyphs of two lines on top of
 * each other).
 */
function overlaps({ lines, fontAscent }: Lines): number[] {
  const out: number[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const above = lines[i - 1]!;
    const below = lines[i]!;
    const bottomOfAbove = above.top + fontAscent + above.inkDescent;
    const topOfBelow = below.top + fontAscent - below.inkAscent;
    out.push(Math.round((bottomOfAbove - topOfBelow) * 10) / 10);
  }
  return out;
}

test('Urdu: consecutive lines of the hero headline never overlap on a 360 px phone (their letters’ ink), in the first-view Naskh and in Nastaliq', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await page.goto('/ur');
  await page.evaluate(() => document.fonts.ready);
  const naskh = await readLines(page, '.hero h1');
  expect(naskh.lines.length, 'the headline wraps at 360 px').toBeGreaterThanOrEqual(2);
  expect({ face: 'first view', overlaps: overlaps(naskh).filter((px) => px > 0) }).toEqual({
    face: 'first view',
    overlaps: [],
  });

  // Nastaliq, the face Urdu pages use from the second page on (lib/i18n/fonts.ts), taller still.
  await page.evaluate(async () => {
    const face = new FontFace('Noto Nastaliq Urdu', 'url(/fonts/noto-nastaliq-urdu-400.woff2)');
    document.fonts.add(await face.load());
    await document.fonts.ready;
  });
  const nastaliq = await readLines(page, '.hero h1');
  expect(nastaliq.lines.length).toBeGreaterThanOrEqual(2);
  expect({ face: 'Nastaliq', overlaps: overlaps(nastaliq).filter((px) => px > 0) }).toEqual({
    face: 'Nastaliq',
    overlaps: [],
  });
  // Every heading on the page has the script's line height (1.8–2.2 em), not a Latin one.
  const ratios = await page
    .locator('main :is(h1, h2, h3)')
    .evaluateAll((headings) =>
      headings.map((h) => parseFloat(getComputedStyle(h).lineHeight) / parseFloat(getComputedStyle(h).fontSize)),
    );
  for (const ratio of ratios) {
    expect(ratio).toBeGreaterThanOrEqual(1.8);
    expect(ratio).toBeLessThanOrEqual(2.21);
  }
  await context.close();
});

/**
 * The rule for Japanese and Chinese headings, concretely: a line may not start with a small kana
 * (ぁぃぅぇぉっゃゅょゎ and their katakana), the prolonged sound mark ー, an iteration mark or closing
 * punctuation (、。）」』】 …), may not end with opening punctuation, and may not break between two
 * katakana (a katakana word: "ワークスペ" / "ース"). A heading's break must also fall on a word
 * boundary of Intl.Segmenter (ICU's dictionary for the language).
 */
const noLineStart =
  /^[ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰ-ㇿーゝゞヽヾ々、。，．）」』】〕〉》｝］！？：；・…‥]/u;
const noLineEnd = /[（「『【〔〈《｛［]$/u;
const katakana = /[\u30A0-\u30FF]/u;

interface HeadingLines {
  text: string;
  lines: string[];
}

/** Short lines that break at phrases (app/globals.css): headings, table labels and the landing's kicker. */
const phraseLines = 'main :is(h1, h2, h3, th, .hero__eyebrow)';

/** Each heading's text split where the browser broke its lines (a character's rect starting a new row). */
function headingLines(page: Page, selector = 'main :is(h1, h2, h3)'): Promise<HeadingLines[]> {
  return page.locator(selector).evaluateAll((headings) =>
    headings
      .filter((h) => (h as HTMLElement).offsetParent !== null)
      .map((heading) => {
        const lines: string[] = [];
        let lastTop: number | null = null;
        const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i += 1) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (rect && (lastTop === null || rect.top > lastTop + rect.height / 2)) {
              lines.push('');
              lastTop = rect.top;
            }
            if (lines.length > 0) lines[lines.length - 1] = `${lines[lines.length - 1]}${text[i]}`;
          }
        }
        return { text: heading.textContent ?? '', lines: lines.map((line) => line.trim()).filter(Boolean) };
      }),
  );
}

function badBreaks({ lines }: HeadingLines, language: string, byWords: boolean): string[] {
  const words = new Intl.Segmenter(language, { granularity: 'word' });
  const bad: string[] = [];
  const joined = lines.join('');
  const boundaries = new Set([...words.segment(joined)].map((segment) => segment.index));
  let at = 0;
  for (let i = 1; i < lines.length; i += 1) {
    const before = lines[i - 1]!;
    const line = lines[i]!;
    at += before.length;
    const where = `${before} | ${line}`;
    if (noLineStart.test(line)) bad.push(`starts with ${line[0]}: ${where}`);
    if (noLineEnd.test(before)) bad.push(`ends with ${before.at(-1)}: ${where}`);
    if (katakana.test(before.at(-1) ?? '') && katakana.test(line[0] ?? ''))
      bad.push(`inside a katakana word: ${where}`);
    if (byWords && !boundaries.has(at)) bad.push(`inside a word: ${where}`);
  }
  return bad;
}

// Chinese gets the same CSS, but Chromium's phrase breaking (auto-phrase) knows Japanese only: for
// Chinese the punctuation rules are what the browser holds.
for (const { prefix, language, words } of [
  { prefix: '/jp', language: 'ja', words: true },
  { prefix: '/zh', language: 'zh', words: false },
]) {
  const rule = words
    ? 'break between phrases: never before a small kana or closing punctuation, nor inside a word'
    : 'never break before closing punctuation or after opening punctuation';
  test(`${language} headings ${rule} (${prefix}, 360 px and 1280 px)`, async ({ browser }) => {
    for (const viewport of [phone, { width: 1280, height: 800 }]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      for (const path of [prefix, `${prefix}/join`]) {
        await page.goto(path);
        await page.evaluate(() => document.fonts.ready);
        // Everything below the hero is `content-visibility: auto`: laid out only near the viewport.
        await page.evaluate(() =>
          document
            .querySelectorAll('main section')
            .forEach((s) => ((s as HTMLElement).style.contentVisibility = 'visible')),
        );
        const headings = await headingLines(page, phraseLines);
        const wrapped = headings.filter((h) => h.lines.length > 1);
        if (viewport === phone && path === prefix) expect(wrapped.length, 'some headings wrap').toBeGreaterThan(0);
        const bad = headings.flatMap((h) =>
          badBreaks(h, language, words).map((problem) => `${path} @${viewport.width}: ${problem}`),
        );
        expect(bad).toEqual([]);
      }
      await context.close();
    }
  });
}

/**
 * The pay page's row labels on a phone ("プランの有効期|限" and "支払い済みの席|数" broke inside a
 * word): each <th> of the account and team tables breaks between phrases.
 */
test('ja pay page: table labels break between phrases, never inside a word (360 px)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await openLink(page, await payLink({ user: '1001', team: '-1002001', prefix: '/jp' }));
  await expect(page.getByTestId('team-table')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const labels = await headingLines(page, 'main th');
  expect(labels.length, 'the pay page has labels').toBeGreaterThan(3);
  expect(labels.flatMap((label) => badBreaks(label, 'ja', true))).toEqual([]);
  await context.close();
});

/**
 * The Urdu card option on a phone: its parenthesis of card names ("(Visa، Mastercard، JCB)") was
 * broken across two lines, each line's bracket drawn mirrored. It stays on one line, the opening
 * bracket on the right of the names and the closing one on their left, as right-to-left text reads.
 */
test('ur pay page: the card option’s parenthesis stays on one line, its brackets facing the names (360 px)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await openLink(page, await payLink({ user: '1001', team: '-1002001', prefix: '/ur' }));
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('ur', 'PayPage.form.gateways.vnpay') })
    .check();
  const option = page.getByText(message('ur', 'PayPage.form.methods.international_card'), { exact: true });
  await expect(option).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const brackets = await option.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const rects: Record<string, { top: number; left: number }> = {};
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const bracket of ['(', ')']) {
        const at = text.indexOf(bracket);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const rect = range.getBoundingClientRect();
        rects[bracket] = { top: Math.round(rect.top), left: rect.left };
      }
    }
    return rects;
  });
  expect(brackets['(']?.top).toBe(brackets[')']?.top);
  expect(brackets['(']!.left).toBeGreaterThan(brackets[')']!.left);
  await context.close();
});
