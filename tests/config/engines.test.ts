import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

// `engines.node` in package.json is a promise: every Node version it allows runs every package the
// lockfile installs (no EBADENGINE warning on install), it names only lines that still get security
// fixes and that CI tests, and the README names the same versions.
const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; os?: string[]; cpu?: string[] }>;
};
const ours = pkg.engines.node;
type Runtime = {
  pinnedVersions: Record<string, string>;
  pinnedLines: number[];
  newestLine: number;
  satisfiesCaretRange: (version: string, range: string) => boolean;
  chooseNode: (options: {
    line?: number;
    version?: string;
    execPath?: string;
    log?: (message: string) => void;
    install?: (version: string) => string;
  }) => { bin: string | null; version: string; why: string };
};
const runtime = () => import('@/scripts/lib/node-runtime.mjs') as Promise<Runtime>;
const majorsOf = (range: string) => range.split('||').map((term) => semver.minVersion(term.trim())!.major);

describe('engines.node is true and current', () => {
  it('is a valid range that allows the Node running this test', () => {
    expect(semver.validRange(ours)).not.toBeNull();
    expect(semver.satisfies(process.version, ours)).toBe(true);
  });

  it('names only LTS lines with years of security fixes ahead, one ^major.minor.patch term each: not 20, not 22', () => {
    expect(ours).toMatch(/^\^\d+\.\d+\.\d+( \|\| \^\d+\.\d+\.\d+)*$/);
    const majors = majorsOf(ours);
    expect(majors.every((major) => major % 2 === 0)).toBe(true);
    expect(majors).not.toContain(20);
    expect(majors).not.toContain(22);
  });

  it('names exactly the lines CI tests, each with a pinned version inside its own term', async () => {
    const { pinnedVersions, pinnedLines, newestLine } = await runtime();
    expect([...majorsOf(ours)].sort()).toEqual([...pinnedLines].sort());
    expect(newestLine).toBe(Math.max(...majorsOf(ours)));
    for (const version of Object.values(pinnedVersions)) expect(semver.satisfies(version, ours)).toBe(true);
  });

  // A platform's own binary (os/cpu in the lockfile) is installed only there; those for this platform count.
  const installedHere = (entry: { os?: string[]; cpu?: string[] }) =>
    (!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch));

  it('allows no Node version that any package installed on this platform refuses in its engines.node', () => {
    const refused = Object.entries(lock.packages)
      .filter(([path, entry]) => path && installedHere(entry))
      .filter(([, entry]) => entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.subset(ours, (entry.engines as { node: string }).node))
      .map(
        ([path, entry]) =>
          `${path.replace(/^.*node_modules\//, '')}@${entry.version} wants ${(entry.engines as { node: string }).node}`,
      );
    expect(refused).toEqual([]);
  });

  it("the README's quick start names the supported versions (the same range)", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`\`${ours}\``);
  });
});

describe('npm test and CI run on a supported Node, installing the pinned one when the machine has an older', () => {
  it('reads engines.node as semver does (the check runs before any dependency is installed)', async () => {
    const { satisfiesCaretRange } = await runtime();
    for (const version of [
      'v20.20.2',
      'v22.16.0',
      'v23.11.0',
      'v24.0.0',
      'v24.21.0',
      'v25.9.0',
      'v26.10.0',
      'v28.0.0',
    ]) {
      expect([version, satisfiesCaretRange(version, ours)]).toEqual([version, semver.satisfies(version, ours)]);
    }
    expect(satisfiesCaretRange('v24.3.1', '^24.3.2')).toBe(false);
    expect(satisfiesCaretRange('v24.4.0', '^24.3.2')).toBe(true);
  });

  it("keeps a supported machine's own Node, and installs the newest LTS's pinned version for Node 20", async () => {
    const { chooseNode, pinnedVersions, newestLine } = await runtime();
    const installed: string[] = [];
    const install = (version: string) => (installed.push(version), `/cache/${version}/bin`);
    expect(chooseNode({ version: 'v24.3.0', execPath: '/usr/bin/node', install })).toMatchObject({ bin: null });
    expect(chooseNode({ version: 'v24.3.0', execPath: '/usr/bin/node', install }).why).toContain('/usr/bin/node');
    const old = chooseNode({ version: 'v20.20.2', install, log: () => undefined });
    const newest = pinnedVersions[newestLine]!;
    expect(old).toMatchObject({ bin: `/cache/${newest}/bin`, version: `v${newest}` });
    expect(old.why).toMatch(/npm registry.*v20\.20\.2 is not in engines\.node/);
    expect(installed).toEqual([newest]);
  });

  it('gives each pinned line its own version when asked for that line (CI: the unit suite on each)', async () => {
    const { chooseNode, pinnedVersions, pinnedLines } = await runtime();
    for (const line of pinnedLines) {
      const other = `v${pinnedLines.find((l) => l !== line)}.0.0`;
      expect(
        chooseNode({ line, version: other, install: (v) => `/cache/${v}/bin`, log: () => undefined }).version,
      ).toBe(`v${pinnedVersions[line]}`);
      expect(chooseNode({ line, version: `v${line}.1.0`, install: () => 'never' }).bin).toBeNull();
    }
  });

  it('npm test says which Node it runs on', () => {
    // As a person starts it: not inside an npm test run, which has already chosen.
    const { QUORUM_TEST_NODE: _chosen, ...env } = process.env;
    const out = execFileSync(process.execPath, ['scripts/test.mjs', '--list'], { cwd: root, encoding: 'utf8', env });
    expect(out.split('\n')[0]).toBe(`Running on Node ${process.version} (${process.execPath})`);
  });
});
