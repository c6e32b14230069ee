import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/*
 * The repository carries its own knowledge: a reader with only this checkout can follow every
 * reference in it. So no file cites an issue number, a review's catalogue id or a document that
 * is not in the repository, and every relative link in the project's markdown leads to a file that
 * exists (and, with an anchor, to a heading that exists). A fact belongs in the file that needs
 * it, or in docs/ with a link.
 */

const root = resolve(__dirname, '../..');
const self = relative(root, __filename);

/** Generated or third-party text that no person writes references into. */
const SKIP = [/^public\//, /^package-lock\.json$/];

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0'))]
    .filter((file) => file && file !== self && !SKIP.some((pattern) => pattern.test(file)))
    .filter((file) => existsSync(join(root, file)) && statSync(join(root, file)).isFile())
    .filter((file) => !readFileSync(join(root, file)).includes(0));
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(markdownFile: string): Set<string> {
  let anchors = anchorCache.get(markdownFile);
  if (!anchors) {
    anchors = new Set();
    const counts = new Map<string, number>();
    let fenced = false;
    for (const line of readFileSync(markdownFile, 'utf8').split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
      if (!heading) continue;
      const base = slug(heading[1]!);
      const seen = counts.get(base) ?? 0;
      counts.set(base, seen + 1);
      anchors.add(seen ? `${base}-${seen}` : base);
    }
    anchorCache.set(markdownFile, anchors);
  }
  return anchors;
}

/** Why a reference to `target` (a path, maybe with #anchor) from `file` leads nowhere; null when it resolves. */
function brokenTarget(file: string, target: string, bases: string[]): string | null {
  const [path = '', anchor] = target.split('#');
  const candidates = bases.map((base) => resolve(base, decodeURI(path)));
  const found = path === '' ? join(root, file) : candidates.find((candidate) => existsSync(candidate));
  if (!found || !found.startsWith(root)) return `${target} is not a file in the repository`;
  if (anchor && found.endsWith('.md') && !anchorsOf(found).has(anchor.toLowerCase())) {
    return `${target}: no heading in ${relative(root, found)} has the anchor #${anchor}`;
  }
  return null;
}

const CSS_COLOUR = /(colou?r|background|border|fill|stroke|solid|outline|shadow)[^#\n]*#\d/i;

/** What is wrong with one line of one file, if anything. */
export function findingsIn(file: string, line: string): string[] {
  const found: string[] = [];
  if (/\bissues?\s+#?\d+/i.test(line)) found.push('cites an issue number');
  if (/(?:^|[\s([])#\d{1,5}(?![\w-])/.test(line) && !CSS_COLOUR.test(line)) found.push('cites #<number>');
  if (/\((?:[A-Z]{1,2}\d{1,2})(?:\s*[,–-]\s*[A-Z]{0,2}\d{1,2})*\)/.test(line)) found.push('cites a review id');
  if (/\bPRODUCT\b/.test(line)) found.push('cites the product spec');
  if (/(?:\.\.\/|\/work\/)shared\b/.test(line)) found.push('points outside the repository');
  if (line.includes('§') && !/\bRFC\s?\d+/.test(line)) found.push('cites a section (§) of an outside document');
  // Every `something.md` the line names must be a file of the repository (from the file's folder or the root).
  for (const match of line.matchAll(/(?<![\w./:@-])((?:\.{1,2}\/)?[\w./-]*[\w-]\.md(?:#[\w-]+)?)(?![\w/])/g)) {
    const why = brokenTarget(file, match[1]!, [dirname(join(root, file)), root]);
    if (why) found.push(`names ${why}`);
  }
  return found;
}

function scan(files: readonly string[]): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const finding of findingsIn(file, line)) {
        const list = byFile.get(file) ?? [];
        list.push(`${file}:${index + 1}: ${finding}: ${line.trim().slice(0, 120)}`);
        byFile.set(file, list);
      }
    });
  }
  return byFile;
}

describe('the repository carries its own knowledge', () => {
  const files = trackedTextFiles();
  const findings = scan(files);

  it('no file cites an issue number, a review id or a document outside the repository', () => {
    expect([...findings.values()].flat()).toEqual([]);
  });

  it('every relative link in the project markdown leads to a file (and heading) that exists', () => {
    const markdown = files.filter((file) => /^(README|CONTRIBUTING)\.md$|^docs\/.*\.md$|^deploy\/.*\.md$/.test(file));
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md']));
    const broken: string[] = [];
    for (const file of markdown) {
      let fenced = false;
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
          if (fenced) return;
          for (const [, target] of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
            if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
            const why = brokenTarget(file, target!, [dirname(join(root, file))]);
            if (why) broken.push(`${file}:${index + 1}: ${why}`);
          }
        });
    }
    expect(broken).toEqual([]);
  });

  it.each([
    ['an issue number', 'lib/x.ts', '// see issue 12 for why'],
    ['an issue number with a hash', 'lib/x.ts', '// fixed in #42'],
    ['a review id', 'tests/x.test.ts', "it('retries after a 503 (U2)', () => {})"],
    ['the product spec', 'lib/x.ts', '/** The catalogue (PRODUCT §5). */'],
    ['an outside document by section', 'lib/x.ts', '// signed as in payments.md §1.3'],
    ['an outside document by name', 'lib/x.ts', '// security.md T10'],
    ['a path outside the repository', 'README.md', 'Read ../shared/notes.txt first'],
    ['a heading that does not exist', 'lib/x.ts', '// docs/payments.md#no-such-heading'],
  ])('would catch %s', (_, file, line) => {
    expect(findingsIn(file, line)).not.toEqual([]);
  });

  it.each([
    ['a repository doc with its heading', 'lib/x.ts', '// docs/architecture.md#the-two-seams'],
    ['a CSS colour', 'lib/x.ts', "style = 'border:1px solid #888'"],
    ['an upstream issue by repository', 'README.md', 'an empty document (vercel/next.js#62228)'],
    ['a public standard', 'lib/x.ts', '/** Explicit typing (RFC 8725 §3.11). */'],
  ])('lets through %s', (_, file, line) => {
    expect(findingsIn(file, line)).toEqual([]);
  });
});
