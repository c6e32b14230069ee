import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

// `engines.node` in package.json is a promise: every Node version it allows runs every package the
// lockfile installs (no EBADENGINE warning on install), and the README names the same versions.
const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; os?: string[]; cpu?: string[] }>;
};
const ours = pkg.engines.node;

describe('engines.node is true and current', () => {
  it('is a valid range that allows the Node running this test', () => {
    expect(semver.validRange(ours)).not.toBeNull();
    expect(semver.satisfies(process.version, ours)).toBe(true);
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
