import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** The one place the browser's path is decided: npm test, Playwright, the video render, Lighthouse. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Playwright cannot download its own browser here, so e2e uses Debian's chromium. Installs it
 * when running as root with apt available; otherwise stops with a message saying what to do.
 */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`▶ ${CHROMIUM_PATH} not found: installing Debian's chromium…`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(
      `✖ No Chromium at ${CHROMIUM_PATH}. Install it (Debian/Ubuntu: sudo apt-get install chromium) ` +
        'or set CHROMIUM_PATH to a Chromium/Chrome binary, then run npm test again.',
    );
    process.exit(1);
  }
}
