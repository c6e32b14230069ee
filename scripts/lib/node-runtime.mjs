// Which Node runs the tests and CI: a line `engines.node` admits, installed from the npm registry when the
// machine's own Node is older (docs/runtime.md). Runs on any Node from 18 on and uses only its built-ins and
// the machine's npm: it is what makes an old machine able to run the rest.
//
//   node scripts/lib/node-runtime.mjs bin-dir [--line 24|newest]   the directory of a `node` to put first on PATH
//   node scripts/lib/node-runtime.mjs lines                        the pinned lines, newest first
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('../..', import.meta.url).pathname;

/**
 * The exact version installed for each supported line when the machine lacks it. The first is the
 * newest LTS: `npm test` and CI's full run use it; CI runs the unit suite on the others too.
 */
/** @type {Record<number, string>} */
export const pinnedVersions = { 26: '26.10.0', 24: '24.21.0' };
/** The pinned lines, newest first. */
export const pinnedLines = Object.keys(pinnedVersions)
  .map(Number)
  .sort((a, b) => b - a);
export const newestLine = /** @type {number} */ (pinnedLines[0]);

/** `engines.node` of package.json: `^a.b.c` alternatives joined by `||` (tests/config/engines.test.ts keeps it so). */
export function enginesRange() {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
}

/** @type {(version: string) => number[]} */
const parse = (version) => version.replace(/^v/, '').split('.').map(Number);

/**
 * Whether `version` (v24.3.0) is in a range of caret terms: same major, and at least the term's version.
 * @param {string} version
 * @param {string} range
 */
export function satisfiesCaretRange(version, range) {
  const [major, minor = 0, patch = 0] = parse(version);
  return range.split('||').some((term) => {
    const match = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(term);
    if (!match) throw new Error(`engines.node term "${term.trim()}" is not ^major.minor.patch`);
    const [, tMajor, tMinor = 0, tPatch = 0] = match.map(Number);
    if (major !== tMajor) return false;
    return minor > tMinor || (minor === tMinor && patch >= tPatch);
  });
}

/** Where pinned versions are unpacked: outside the project, so a clean checkout or `npm ci` keeps them. */
export function cacheDir() {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'quorum-node');
}

/**
 * The `bin` directory of Node `version`, downloaded once into cacheDir(). The registry's `node`
 * package is a shim whose install script fetches `node-<platform>-<arch>` of the same version; that
 * package is fetched directly here (`npm pack`, which checks the registry's integrity hash), so no
 * install script runs and the project's dependencies are not touched.
 * @param {string} version
 * @returns {string}
 */
export function installPinned(version, log = console.error) {
  const platformPackage = `node-${process.platform}-${process.arch}@${version}`;
  const target = join(cacheDir(), `${version}-${process.platform}-${process.arch}`);
  const bin = join(target, 'bin');
  if (existsSync(join(bin, 'node'))) return bin;
  log(`Installing Node ${version} (${platformPackage} from the npm registry) into ${target}…`);
  mkdirSync(cacheDir(), { recursive: true });
  const work = mkdtempSync(join(cacheDir(), '.partial-'));
  try {
    const pack = spawnSync('npm', ['pack', platformPackage, '--pack-destination', work, '--json', '--prefer-offline'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (pack.status !== 0) throw new Error(`npm pack ${platformPackage} failed:\n${pack.stderr}`);
    const [{ filename }] = JSON.parse(pack.stdout);
    const unpacked = join(work, 'node');
    mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', join(work, filename), '-C', unpacked, '--strip-components=1'], {
      encoding: 'utf8',
    });
    if (tar.status !== 0) throw new Error(`unpacking ${filename} failed:\n${tar.stderr}`);
    const reported = spawnSync(join(unpacked, 'bin', 'node'), ['--version'], { encoding: 'utf8' }).stdout?.trim();
    if (reported !== `v${version}`) throw new Error(`${platformPackage} runs as ${reported ?? 'nothing'}`);
    // Renamed into place only when complete: an interrupted download is never taken for an install.
    renameSync(unpacked, target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

/**
 * The Node to run on, and why: this process's when it is on `line` (or, without a line, when
 * engines.node admits it), else the pinned version of `line` (default: the newest LTS).
 * @param {{ line?: number, version?: string, execPath?: string, log?: (message: string) => void,
 *   install?: (version: string, log: (message: string) => void) => string }} [options]
 */
export function chooseNode({
  line,
  version = process.version,
  execPath = process.execPath,
  log = console.error,
  install = installPinned,
} = {}) {
  const range = enginesRange();
  const ours = line ? parse(version)[0] === line : satisfiesCaretRange(version, range);
  if (ours) return { bin: null, version, why: `Node ${version} (${execPath})` };
  const wanted = pinnedVersions[line ?? newestLine];
  if (!wanted) throw new Error(`no pinned version for Node ${line}; pinned: ${Object.keys(pinnedVersions).join(', ')}`);
  const bin = install(wanted, log);
  const why = line
    ? `Node v${wanted} from the npm registry (${bin}); this machine's is ${version}`
    : `Node v${wanted} from the npm registry (${bin}), because this machine's ${version} is not in engines.node (${range})`;
  return { bin, version: `v${wanted}`, why };
}

/**
 * The environment a child process needs to run on `bin`'s node (npm and npx included: they run on the first node on PATH).
 * @param {string | null} bin
 */
export function envWithNode(bin, env = process.env) {
  return bin ? { ...env, PATH: `${bin}:${env.PATH ?? ''}` } : env;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, flag, value] = process.argv.slice(2);
  if (command === 'lines') {
    console.log(pinnedLines.join('\n'));
  } else if (command === 'bin-dir' && (flag === undefined || (flag === '--line' && value))) {
    const line = value === 'newest' ? newestLine : value ? Number(value) : undefined;
    const { bin, why } = chooseNode({ line });
    console.error(`Using ${why}`);
    console.log(bin ?? dirname(process.execPath));
  } else {
    console.error('usage: node scripts/lib/node-runtime.mjs bin-dir [--line <major>|newest] | lines');
    process.exit(2);
  }
}
