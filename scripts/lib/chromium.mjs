import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** The one place the browser's path is decided: npm test, Playwright, the video render, Lighthouse. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Installs Debian packages when running as root with apt available; false when it cannot.
 * @param {string[]} packages
 */
function aptInstall(packages) {
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) return false;
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return true;
}

/** Whether fontconfig knows a font that draws Chinese (Noto CJK draws Japanese and Korean too). */
const hasCjkFont = () => spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).stdout?.trim().length > 0;

/**
 * Playwright cannot download its own browser here, so e2e uses Debian's chromium. Installs it
 * when running as root with apt available; otherwise stops with a message saying what to do.
 * The same for a CJK font: the site draws Chinese, Japanese and Korean with the system's font, as
 * every platform its readers use has one, so the browser that tests those pages needs one too.
 */
export function ensureChromium() {
  if (!hasCjkFont()) {
    console.log("▶ No font draws Chinese, Japanese or Korean here: installing Debian's fonts-noto-cjk…");
    aptInstall(['fonts-noto-cjk']);
    if (!hasCjkFont())
      console.warn(
        '⚠ No CJK font (Debian/Ubuntu: sudo apt-get install fonts-noto-cjk): the zh, ja and ko typography tests will fail.',
      );
  }
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`▶ ${CHROMIUM_PATH} not found: installing Debian's chromium…`);
  aptInstall(['chromium']);
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(
      `✖ No Chromium at ${CHROMIUM_PATH}. Install it (Debian/Ubuntu: sudo apt-get install chromium) ` +
        'or set CHROMIUM_PATH to a Chromium/Chrome binary, then run npm test again.',
    );
    process.exit(1);
  }
}
