// A bare Next app (one page, no dependencies of ours), built and served from this checkout's
// node_modules: the baseline every page's first-load JavaScript is compared with.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitUntilOk } from './server.mjs';

const dir = '.next-bare';
const next = join('node_modules', 'next', 'dist', 'bin', 'next');

export async function startBareNext({ port }) {
  mkdirSync(join(dir, 'app'), { recursive: true });
  writeFileSync(
    join(dir, 'app', 'layout.js'),
    'export default function Layout({ children }) {\n  return (<html lang="en"><body>{children}</body></html>);\n}\n',
  );
  writeFileSync(join(dir, 'app', 'page.js'), 'export default function Page() {\n  return <h1>Hello</h1>;\n}\n');
  writeFileSync(join(dir, 'next.config.mjs'), 'export default {};\n');
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '' };
  execFileSync('node', [next, 'build', dir], { stdio: 'ignore', env });
  const child = spawn('node', [next, 'start', dir, '-H', 'localhost', '-p', String(port)], {
    stdio: 'ignore',
    detached: true,
    env,
  });
  const base = `http://localhost:${port}`;
  await waitUntilOk(base);
  return { base, stop: () => process.kill(-child.pid) };
}
