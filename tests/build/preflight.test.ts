import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPreflight, missingDevDependencies, preflightProblem } from '@/scripts/build/preflight.mjs';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('npm run build stops before `next build` when the dev dependencies are not installed', () => {
  it('runs the check first, before `next build` could install TypeScript and rewrite package.json', () => {
    expect(pkg.scripts.build).toMatch(/^node scripts\/build\/preflight\.mjs && next build && /);
  });

  it('lets a full install build (this checkout)', () => {
    expect(buildPreflight(root, {})).toBeNull();
  });

  it('names what a production-only install left out and says how to install for building', () => {
    // What `NODE_ENV=production npm ci` installs: the dependencies, no devDependency.
    const missing = missingDevDependencies(pkg, () => false);
    expect(missing).toEqual(expect.arrayContaining(['typescript', '@types/react', '@types/node']));
    const problem = preflightProblem(missing, { NODE_ENV: 'production' });
    expect(problem).toMatch(/^✖ npm run build needs the dev dependencies, and these are not installed: /);
    expect(problem).toMatch(/NODE_ENV=production makes `npm ci` leave them out/);
    expect(problem).toMatch(/`npm ci --include=dev`/);
    expect(problem).toMatch(/deploy the standalone folder/);
  });

  it('names the one package missing from an otherwise full install', () => {
    const missing = missingDevDependencies(pkg, (name) => name !== 'typescript');
    expect(missing).toEqual(['typescript']);
    expect(preflightProblem(missing, {})).toMatch(/these are not installed: typescript\. /);
  });

  it('as a process: exit 1 with the message on a project whose node_modules lacks a devDependency, package.json untouched', () => {
    const dir = mkdtempSync(join(tmpdir(), 'preflight-'));
    const manifest = JSON.stringify({ devDependencies: { typescript: '~6.0.3', '@types/react': '^19.2.0' } });
    writeFileSync(join(dir, 'package.json'), manifest);
    mkdirSync(join(dir, 'node_modules', '@types', 'react'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', '@types', 'react', 'package.json'), '{}');
    const script = join(root, 'scripts', 'build', 'preflight.mjs');
    const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/these are not installed: typescript\./);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(manifest);
    mkdirSync(join(dir, 'node_modules', 'typescript'));
    writeFileSync(join(dir, 'node_modules', 'typescript', 'package.json'), '{}');
    expect(spawnSync(process.execPath, [script, dir], { encoding: 'utf8' }).status).toBe(0);
  });
});
