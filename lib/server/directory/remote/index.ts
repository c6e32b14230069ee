import 'server-only';
import type { Env } from '@/lib/server/env';
import { remoteDirectory, type RemoteDirectory } from './client';

export { remoteDirectory, type RemoteDirectory } from './client';

/** The remote directory as configured (CHAT_BACKEND_URL and its required CHAT_BACKEND_SECRET). */
export function remoteDirectoryFromEnv(config: Env): RemoteDirectory {
  if (!config.CHAT_BACKEND_URL || !config.CHAT_BACKEND_SECRET) {
    throw new Error('webhook mode needs CHAT_BACKEND_URL and CHAT_BACKEND_SECRET');
  }
  return remoteDirectory({ baseUrl: config.CHAT_BACKEND_URL, secret: config.CHAT_BACKEND_SECRET });
}
