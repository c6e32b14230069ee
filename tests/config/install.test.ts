import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The README's `npm install` on a fresh clone, and CI's `npm ci`: both take the committed lockfile
// as it is, which they can only do if it is complete and in step with package.json.
const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
type Entry = {
  version?: string;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const pkg = JSON.parse(read('package.json')) as Entry;
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, Entry> };

/** Where npm would find `name` for the package at `path`: its own node_modules, then each parent's. */
function resolved(path: string, name: string): string | undefined {
  for (let dir = path; ; dir = dir.replace(/\/?node_modules\/(?:@[^/]+\/)?[^/]+$/, '')) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
  }
}

describe('the lockfile lets npm ci and npm install reproduce the install on any machine', () => {
  it("lists every platform's optional binary its packages ask for (npm ci refuses a lockfile missing one)", () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolved(path, name))
        .map((name) => `${path || 'package.json'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('records the same dependencies as package.json (npm ci refuses a lockfile out of step)', () => {
    const top = lock.packages[''];
    expect(top?.dependencies).toEqual(pkg.dependencies);
    expect(top?.devDependencies).toEqual(pkg.devDependencies);
    expect(top?.engines).toEqual(pkg.engines);
  });
});

describe('CI installs exactly the lockfile and runs the unit suite both as a fresh clone would and against PostgreSQL', () => {
  const ci = read('.ci/run');
  it('installs with npm ci', () => {
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).not.toMatch(/^npm install\b/m);
  });

  it('runs npm test with a PostgreSQL server', () => {
    expect(ci.indexOf('source scripts/ci/start-postgres.sh')).toBeGreaterThan(-1);
    expect(ci.indexOf('source scripts/ci/start-postgres.sh')).toBeLessThan(ci.search(/^npm test$/m));
  });

  it("npm test's unit step runs the whole Jest suite without TEST_DATABASE_URL, and unit-postgres only the store suites' PostgreSQL runs", async () => {
    const { steps } = (await import('@/scripts/test.mjs')) as {
      steps: Array<[string, string[], Record<string, string | undefined>?, { skip?: () => unknown }?]>;
    };
    const step = (name: string) => steps.find(([n]) => n === name)!;
    const [, unitCommand, unitEnv] = step('unit');
    expect(unitEnv).toHaveProperty('TEST_DATABASE_URL', undefined);
    expect(unitCommand).not.toContain('--findRelatedTests');
    const [, postgresCommand, postgresEnv] = step('unit-postgres');
    expect(postgresEnv).toEqual({ TEST_STORE_KINDS: 'postgres' });
    expect(postgresCommand.slice(-2)).toEqual(['--findRelatedTests', 'tests/support/stores.ts']);
    expect(steps.map(([name]) => name).indexOf('unit-postgres')).toBe(steps.map(([name]) => name).indexOf('unit') + 1);
  });
});

describe("every dependency's install script is decided, with its reason written down", () => {
  const pkgWithScripts = JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> };
  const lockWithScripts = JSON.parse(read('package-lock.json')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const withScripts = [
    ...new Set(
      Object.entries(lockWithScripts.packages)
        .filter(([path, entry]) => path && entry.hasInstallScript)
        .map(([path]) => path.replace(/^.*node_modules\//, '')),
    ),
  ].sort();

  it('allowScripts says true or false for each locked package that has an install script, and for nothing else', () => {
    expect(withScripts.length).toBeGreaterThan(0);
    const decided = pkgWithScripts.allowScripts ?? {};
    expect(
      Object.keys(decided)
        .map((key) => key.replace(/(.)@.*$/, '$1'))
        .sort(),
    ).toEqual(withScripts);
    expect(Object.values(decided).every((value) => typeof value === 'boolean')).toBe(true);
  });

  it('an undecided install script fails the install (.npmrc: strict-allow-scripts)', () => {
    expect(read('.npmrc')).toMatch(/^strict-allow-scripts=true$/m);
  });

  it('docs/runtime.md gives each decision and its reason', () => {
    const rows = read('docs/runtime.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    for (const name of withScripts) {
      const row = rows.find((line) => line.startsWith(`| \`${name}\``));
      expect([name, row]).toEqual([
        name,
        expect.stringMatching(pkgWithScripts.allowScripts![name] ? /allowed/ : /denied/),
      ]);
    }
  });
});
