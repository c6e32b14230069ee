// Removes the directory jest-global-setup.mjs made for this run.
import { rmSync } from 'node:fs';

export default function globalTeardown() {
  const dir = process.env.QUORUM_TEST_TEMPLATE_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
