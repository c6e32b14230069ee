// Where the servers that tests start write their logs: files, not the screen, so a test run reads as
// one line per step. `npm test` gives each step a directory in the run's (TEST_LOG_DIR), prints its
// path, and on a failure prints the failed step's server logs in full; run alone, Playwright and
// `node --test tests/integration/` write under .test-logs/latest/ of the directory they run in.
// No import.meta here: Playwright loads this file through its CommonJS transform.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The directory of every run's logs, in the project. */
export const testLogRoot = (root = process.cwd()) => join(root, '.test-logs');

/**
 * The directory for one step's server logs (`e2e`, `integration`), created if missing.
 * @param {string} step
 */
export function serverLogDir(step) {
  const dir = process.env.TEST_LOG_DIR || join(testLogRoot(), 'latest', step);
  mkdirSync(dir, { recursive: true });
  return dir;
}
