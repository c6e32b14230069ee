import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `npm test` is read by people: one line per step with its result and time, the servers' logs in files
// under a path it prints, and everything in full when a step fails.
const root = join(__dirname, '..', '..');

/** Runs scripts/test.mjs's runner over `steps` in a child process; what the screen showed. */
function run(steps: Array<[string, string[]]>) {
  const logRoot = mkdtempSync(join(tmpdir(), 'test-output-'));
  const script = `import { runSteps } from ${JSON.stringify(join(root, 'scripts/test.mjs'))};
    process.exitCode = runSteps(${JSON.stringify(steps)}, { logRoot: ${JSON.stringify(logRoot)} });`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  return { status: result.status, screen: result.stdout + result.stderr, logRoot };
}

/** A step that starts a "server" logging 2000 JSON lines into its log directory, then prints its result. */
const noisyStep = (exit: number): [string, string[]] => [
  'noisy',
  [
    process.execPath,
    '-e',
    `const fs = require('node:fs');
     fs.mkdirSync(process.env.TEST_LOG_DIR, { recursive: true });
     const lines = Array.from({ length: 2000 }, (_, i) => JSON.stringify({ level: 30, msg: 'request', n: i }));
     fs.writeFileSync(process.env.TEST_LOG_DIR + '/server.log', lines.join('\\n') + '\\n');
     console.log(${exit ? "'AssertionError: the page said 500'" : "'Tests:       3 passed, 3 total'"});
     process.exit(${exit});`,
  ],
];

describe('npm test prints a run a newcomer can read', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('prints one line per passing step, with its time and its test count, and the path of the logs, never the server logs', () => {
    const { status, screen, logRoot } = run([noisyStep(0), ['quiet', [process.execPath, '-e', '']]]);
    roots.push(logRoot);
    expect(status).toBe(0);
    expect(screen).not.toContain('"msg":"request"');
    const [runDir] = readdirSync(logRoot);
    expect(screen).toContain(join(logRoot, runDir!));
    expect(screen).toMatch(/^✔ noisy +\d+\.\d s {2}3 passed, 3 total$/m);
    expect(screen).toMatch(/^✔ quiet +\d+\.\d s$/m);
    expect(screen.trim().split('\n')).toHaveLength(4);
  });

  it("on a failure prints the failed step's server logs in full and its own output, and stops", () => {
    const { status, screen, logRoot } = run([noisyStep(1), ['never', [process.execPath, '-e', 'console.log("ran")']]]);
    roots.push(logRoot);
    expect(status).toBe(1);
    expect(screen.match(/"msg":"request"/g)).toHaveLength(2000);
    expect(screen).toContain('AssertionError: the page said 500');
    expect(screen).toMatch(/✖ noisy +failed \(exit 1\)/);
    expect(screen).toContain(join(logRoot, readdirSync(logRoot)[0]!, 'noisy', 'server.log'));
    expect(screen).not.toContain('ran');
  });

  it("names each runner's counts on the step's line (Jest, node --test as TAP or spec, Playwright)", async () => {
    const { summarize } = (await import('@/scripts/test.mjs')) as { summarize: (output: string) => string };
    expect(summarize('Test Suites: 90 passed, 90 total\nTests:       3 skipped, 812 passed, 815 total\n')).toBe(
      '3 skipped, 812 passed, 815 total',
    );
    expect(summarize('1..7\n# tests 35\n# suites 7\n# pass 34\n# fail 0\n# skipped 1\n')).toBe('34 passed, 1 skipped');
    expect(summarize('ℹ tests 35\nℹ pass 35\nℹ fail 0\n')).toBe('35 passed');
    expect(summarize('  1 failed\n    [chromium] › e2e/pay.spec.ts\n  140 passed (3.1m)\n')).toBe(
      '1 failed, 140 passed',
    );
  });

  it('sends every e2e server’s output to a file of its own in the log directory', async () => {
    const { default: config } = (await import('@/playwright.config')) as {
      default: { webServer: Array<{ command: string }> };
    };
    const files = config.webServer.map(({ command }) => /\) >> '([^']+\.log)' 2>&1$/.exec(command)?.[1]);
    expect(files.every(Boolean)).toBe(true);
    expect(new Set(files).size).toBe(config.webServer.length);
  });
});
