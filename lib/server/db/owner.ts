import 'server-only';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { env } from '@/lib/server/env';
import { log } from '@/lib/server/observability/log';

/**
 * A PGlite directory has exactly one owner process. The server leaves its pid in DATA_DIR, so the
 * operator commands (reconcile, orders) can refuse to open the directory a second time while it
 * runs. PostgreSQL takes any number of clients and needs none of this.
 */
const pidFile = () => join(resolve(env().DATA_DIR), 'server.pid');

export function markServerOwnsPglite(): void {
  if (env().DATABASE_URL) return;
  try {
    writeFileSync(pidFile(), String(process.pid));
  } catch (error) {
    log().warn({ err: error }, 'could not write server.pid');
  }
}

/** The pid of a live server that owns the PGlite directory, or null. */
export function pgliteOwnerPid(): number | null {
  if (env().DATABASE_URL) return null;
  const file = pidFile();
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
