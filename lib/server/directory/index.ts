import 'server-only';
import { env } from '@/lib/server/env';
import { openDatabase, type Sql } from '@/lib/server/db';
import { embeddedDirectory } from './embedded/embedded-directory';
import type { AccountDirectory } from './types';

export type * from './types';
export { DirectoryUnavailableError } from './types';

const slot = Symbol.for('quorum.directory');
type GlobalSlot = { [slot]?: AccountDirectory };
const embeddedBySql = new WeakMap<Sql, AccountDirectory>();

/**
 * The account directory chosen by configuration: the assistant's backend when CHAT_BACKEND_URL is
 * set (webhook mode), otherwise tables in the site's own database (embedded mode).
 */
export async function accountDirectory(): Promise<AccountDirectory> {
  const installed = (globalThis as GlobalSlot)[slot];
  if (installed) return installed;
  const config = env();
  if (config.CHAT_BACKEND_URL) {
    // One client per process: its circuit breaker must see every call.
    const { remoteDirectoryFromEnv } = await import('./remote');
    return ((globalThis as GlobalSlot)[slot] ??= remoteDirectoryFromEnv(config));
  }
  const { sql } = await openDatabase();
  let directory = embeddedBySql.get(sql);
  if (!directory) embeddedBySql.set(sql, (directory = embeddedDirectory(sql)));
  return directory;
}

/** Wires in a directory (tests: the remote client against a test server); undefined restores the default. */
export function installDirectory(directory: AccountDirectory | undefined): void {
  const holder = globalThis as GlobalSlot;
  if (directory) holder[slot] = directory;
  else delete holder[slot];
}
