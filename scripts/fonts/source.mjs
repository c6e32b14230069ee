// @ts-check
// The bytes of a first-view face's or a preview card's source font: a file in the repository (the
// whole-script woff2 files the pages also use), or one file of a pinned npm package (Noto Sans JP: 5 MB a weight, too
// big to commit or to install with every `npm install` for a script run a few times a year). A
// package is fetched once with `npm pack` (the project's registry settings), checked against the
// pinned integrity, and kept in node_modules/.cache/quorum-fonts.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cacheDir = join(root, 'node_modules/.cache/quorum-fonts');

/** @typedef {string | { npm: string, integrity: string, file: string }} FontSource */

/** @param {FontSource} source */
export function sourceName(source) {
  return typeof source === 'string' ? source.split('/').pop() : `${source.npm} ${source.file.split('/').pop()}`;
}

/** @param {FontSource} source @returns {Buffer} */
export function readFontSource(source) {
  if (typeof source === 'string') return readFileSync(join(root, source));
  const tarball = packedTarball(source);
  return execFileSync('tar', ['-xzOf', tarball, `package/${source.file}`], { maxBuffer: 64 * 1024 * 1024 });
}

/** @param {{ npm: string, integrity: string }} source */
function packedTarball(source) {
  mkdirSync(cacheDir, { recursive: true });
  const [algorithm = '', expected = ''] = source.integrity.split('-', 2);
  const matches = (/** @type {string} */ file) =>
    createHash(algorithm).update(readFileSync(file)).digest('base64') === expected;
  const prefix = source.npm.replace(/^@/, '').replace('/', '-').replace('@', '-');
  const cached = readdirSync(cacheDir).find((f) => f.startsWith(prefix) && f.endsWith('.tgz'));
  if (cached && matches(join(cacheDir, cached))) return join(cacheDir, cached);
  console.log(`fetching ${source.npm} (npm pack)…`);
  const name = execFileSync('npm', ['pack', source.npm, '--silent', '--pack-destination', cacheDir], {
    cwd: root,
  })
    .toString()
    .trim()
    .split('\n')
    .at(-1);
  const file = join(cacheDir, name ?? '');
  if (!name || !existsSync(file)) throw new Error(`npm pack ${source.npm} wrote no tarball`);
  if (!matches(file)) throw new Error(`${source.npm}: the tarball does not match the pinned integrity`);
  return file;
}
