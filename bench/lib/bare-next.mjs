// A bare Next app (one page, no code of ours), built and served with this checkout's Next: the
// baseline that pages' first-load JavaScript and lab speed are compared with.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, parse, resolve } from 'node:path';
import { waitUntilOk } from './server.mjs';

const nodeModules = resolve('node_modules');

/**
 * Builds the bare app in a directory of its own, outside the repository: built inside it, Next also
 * compiled the repository's own `instrumentation.ts` and `proxy.ts` into the "bare" app. Its
 * `node_modules` is a link to ours, so Turbopack's root must be a directory holding both.
 */
export async function startBareNext({ port }) {
  const dir = mkdtempSync(join(tmpdir(), 'quorum-bare-next-'));
  mkdirSync(join(dir, 'app'));
  symlinkSync(nodeModules, join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  writeFileSync(
    join(dir, 'app', 'layout.js'),
    'export default function Layout({ children }) {\n  return (<html lang="en"><body>{children}</body></html>);\n}\n',
  );
  writeFileSync(join(dir, 'app', 'page.js'), 'export default function Page() {\n  return <h1>Hello</h1>;\n}\n');
  const root = parse(dir).root;
  writeFileSync(join(dir, 'next.config.mjs'), `export default { turbopack: { root: ${JSON.stringify(root)} } };\n`);
  const next = join(nodeModules, 'next', 'dist', 'bin', 'next');
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '' };
  execFileSync('node', [next, 'build'], { cwd: dir, stdio: 'ignore', env });
  const child = spawn('node', [next, 'start', '-H', 'localhost', '-p', String(port)], {
    cwd: dir,
    stdio: 'ignore',
    detached: true,
    env,
  });
  const base = `http://localhost:${port}`;
  await waitUntilOk(base);
  return {
    base,
    stop: () => {
      process.kill(-child.pid);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
