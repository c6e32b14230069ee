import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configurationVariables } from '@/lib/server/env';
import { floors } from '../support/server-floors';

/*
 * What the documents say about the repository holds, wherever a machine can tell: every path they
 * name in code type exists (a `<placeholder>` or `*` matches at least one), the rooms the layout in
 * docs/architecture.md lists are the folders on disk — none missing, none invented — and the
 * variables docs/configuration.md documents are the ones the configuration schema reads. The rest
 * of what the documents say is held by the tests each section names.
 */

const root = resolve(__dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => file && existsSync(join(root, file)));
const folders = new Set(
  tracked.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const topLevel = new Set(tracked.map((file) => file.split('/')[0]!));

const documents = tracked.filter((file) => /^(README|CONTRIBUTING)\.md$|^docs\/.+\.md$|^deploy\/.+\.md$/.test(file));

/** `{a,b}` alternatives spelled out. */
function expand(path: string): string[] {
  const brace = /\{([^{}]*)\}/.exec(path);
  if (!brace) return [path];
  return brace[1]!.split(',').flatMap((choice) => expand(path.replace(brace[0], choice)));
}

/** A documented path as a pattern: `<anything>` is one name, `*` any part of a name. */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split(/(<[^>]+>|\*)/)
      .map((part) =>
        part === '*' ? '[^/]*' : /^<[^>]+>$/.test(part) ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  );

/** Whether a path (a file, or a folder with a trailing slash) names something in the repository. */
export function exists(path: string, files: readonly string[] = tracked, dirs: ReadonlySet<string> = folders): boolean {
  return expand(path).every((one) => {
    const folder = one.endsWith('/');
    const pattern = patternOf(folder ? one.slice(0, -1) : one);
    return folder
      ? [...dirs].some((dir) => pattern.test(dir))
      : files.some((f) => pattern.test(f)) || [...dirs].some((dir) => pattern.test(dir));
  });
}

/** The repository paths a line of a document names in code type (`lib/server/env.ts`, `e2e/`…). */
export function pathsNamedIn(line: string, roots: ReadonlySet<string> = topLevel): string[] {
  return [...line.matchAll(/`([^`\s]+)`/g)]
    .map(([, code]) => code!.replace(/(:\d+(-\d+)?|#[\w-]+)$/, ''))
    .filter((code) => code.includes('/') && roots.has(code.split('/')[0]!) && !/[=$…]|\.\.\.(?!rest)/.test(code));
}

/**
 * A document's passages outside code blocks — a paragraph, a list item, a table row — each with the
 * line it starts on.
 */
export function passagesOf(markdown: string): Array<{ line: number; text: string }> {
  const passages: Array<{ line: number; text: string }> = [];
  let fenced = false;
  markdown.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const starts = line.trim() === '' || /^\s*([-*]|\d+\.|#+|\|)\s/.test(line) || passages.length === 0;
    if (line.trim() === '') return void passages.push({ line: index + 2, text: '' });
    if (starts) passages.push({ line: index + 1, text: line });
    else passages[passages.length - 1]!.text += `\n${line}`;
  });
  return passages.filter((passage) => passage.text !== '');
}

/** An entry of the layout tree in docs/architecture.md: its full path (a folder ends with `/`) and its line. */
interface TreeEntry {
  path: string;
  line: number;
}

const PATH_NAME = /^[\w.[\]-]+(\/[\w.[\]-]+)*\/?$/;

/**
 * The entries of the "Where code lives" tree: a line indented by 0, 2, 4 or 6 spaces starts with the
 * names it describes (paths: with a `/` or an extension); a deeper line continues a description.
 */
export function layoutTree(architecture: string): TreeEntry[] {
  const start = architecture.indexOf('## Where code lives');
  const block = architecture.slice(architecture.indexOf('```text', start) + '```text'.length);
  const lines = block.slice(0, block.indexOf('```')).split('\n');
  const offset = architecture.slice(0, architecture.indexOf('```text', start)).split('\n').length;
  const parents: string[] = [];
  const entries: TreeEntry[] = [];
  lines.forEach((text, index) => {
    const indent = /^ */.exec(text)![0].length;
    if (text.trim() === '' || indent > 6 || indent % 2 !== 0) return;
    const names: string[] = [];
    for (const token of text.trim().split(' ')) {
      if (!PATH_NAME.test(token) || !(token.includes('/') || token.includes('.'))) break;
      names.push(token);
    }
    const depth = indent / 2;
    const parent = parents.slice(0, depth).join('');
    for (const name of names) entries.push({ path: `${parent}${name}`, line: offset + index });
    parents.length = depth;
    if (names.length === 1 && names[0]!.endsWith('/')) parents[depth] = names[0]!;
  });
  return entries;
}

/** The rooms whose every folder the tree names (and, for lib/server, every module at its root). */
const rooms = ['', 'components/', 'lib/', 'lib/server/', 'lib/server/payments/'];

describe('what the documents say about the repository', () => {
  it('names only paths that exist (a passage that records what was removed aside)', () => {
    const missing: string[] = [];
    for (const document of documents) {
      for (const { line, text } of passagesOf(read(document))) {
        // A decision's record may name the files it removed: they are meant to be gone.
        if (/\b[Rr]emoved\b|\bdeleted\b/.test(text)) continue;
        for (const path of pathsNamedIn(text)) if (!exists(path)) missing.push(`${document}:${line}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  const tree = layoutTree(read('docs/architecture.md'));

  it('lays out only folders and files that exist', () => {
    expect(tree.length).toBeGreaterThan(50);
    expect(
      tree.filter(({ path }) => !exists(path)).map(({ path, line }) => `docs/architecture.md:${line}: ${path}`),
    ).toEqual([]);
  });

  it('lays out every room, and every module at the root of lib/server', () => {
    const named = new Set(tree.map(({ path }) => path));
    const unnamed = rooms.flatMap((room) =>
      readdirSync(join(root, room || '.'), { withFileTypes: true })
        .filter((entry) =>
          entry.isDirectory() ? !entry.name.startsWith('.') || entry.name === '.ci' : room === 'lib/server/',
        )
        .filter((entry) => (entry.isDirectory() ? topLevel.has(`${room}${entry.name}`.split('/')[0]!) : true))
        .map((entry) => `${room}${entry.name}${entry.isDirectory() ? '/' : ''}`)
        .filter((path) => !named.has(path) && !(path === '.ci/' && named.has('.ci/run'))),
    );
    expect(unnamed).toEqual([]);
  });

  it("lists lib/server's rooms in the order of their floors", () => {
    const listed = tree
      .map(({ path }) => /^lib\/server\/([^/]+\/?)$/.exec(path)?.[1])
      .filter((room): room is string => room !== undefined)
      .map((room) => room.replace(/\/$/, ''));
    expect(listed).toEqual([...floors]);
  });

  it('documents every configuration variable the schema reads, and no other', () => {
    const documented = new Set(
      [...read('docs/configuration.md').matchAll(/`([A-Z][A-Z0-9_]{2,})(=[^`]*)?`/g)].map(([, name]) => name!),
    );
    // The framework's own: env.ts reads it to know that `next build` is prerendering, nobody sets it.
    const frameworks = new Set(['NEXT_PHASE']);
    const read_ = configurationVariables.filter((name) => !frameworks.has(name));
    expect([...documented].filter((name) => !read_.includes(name))).toEqual([]);
    expect(read_.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('reads, outside env.ts, only the variables it documents and the framework variables the layout names', () => {
    const architecture = read('docs/architecture.md');
    const envLine = architecture.slice(architecture.indexOf('    env.ts '), architecture.indexOf('    unavailable.ts'));
    const frameworks = new Set(envLine.match(/\b[A-Z][A-Z0-9_]{3,}\b/g) ?? []);
    const documented = new Set(configurationVariables);
    const code = tracked.filter(
      (file) =>
        /^(app|components|lib)\/.+\.(ts|tsx|mjs)$|^(proxy\.ts|instrumentation\.ts|next\.config\.mjs)$/.test(file) &&
        file !== 'lib/server/env.ts',
    );
    const undocumented = code.flatMap((file) =>
      [...read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)]
        .map(([, name]) => name!)
        .filter((name) => !frameworks.has(name) && !documented.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(frameworks).toEqual(new Set(['NODE_ENV', 'NEXT_PHASE', 'NEXT_RUNTIME', 'HOSTNAME']));
    expect(undocumented).toEqual([]);
  });

  it('would see a path that does not exist, and a tree entry that is not on disk', () => {
    expect(pathsNamedIn('see `lib/server/payments/nowhere.ts` and `docs/payments.md#refunds`')).toEqual([
      'lib/server/payments/nowhere.ts',
      'docs/payments.md',
    ]);
    expect(exists('lib/server/payments/nowhere.ts')).toBe(false);
    expect(exists('lib/server/payments/<id>/gateway.ts')).toBe(true);
    expect(exists('lib/server/payments/<id>/nowhere.ts')).toBe(false);
    expect(exists('components/pay/{checkout-form,use-checkout}.ts*')).toBe(true);
    const probe = '## Where code lives\n\n```text\nlib/\n  server/                x\n    nowhere/             y\n```\n';
    expect(layoutTree(probe).map(({ path }) => path)).toEqual(['lib/', 'lib/server/', 'lib/server/nowhere/']);
  });
});
