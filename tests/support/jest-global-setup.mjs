// Once per Jest run, before any worker starts: a directory for what the suites share within this
// run (tests/support/stores.ts keeps its migrated PGlite template there; the workers inherit the
// variable), removed by jest-global-teardown.mjs. And a note when the PostgreSQL runs are skipped.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function globalSetup() {
  process.env.QUORUM_TEST_TEMPLATE_DIR = mkdtempSync(join(tmpdir(), 'quorum-jest-'));
  if (!process.env.TEST_DATABASE_URL) {
    console.log(
      '\nTEST_DATABASE_URL is not set: the store suites run on PGlite only, their PostgreSQL runs are skipped ' +
        '(source scripts/ci/start-postgres.sh to run them).',
    );
  }
}
