import { CHUNK_RELOAD } from '@/lib/config/constants';

const STORAGE_KEY = 'quorum:chunk-reload-at';
let lastReloadInMemory = 0;

/** Turbopack says "Failed to load chunk", webpack "ChunkLoadError" / "Loading chunk N failed". */
export function isChunkLoadError(reason: unknown): boolean {
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : typeof reason === 'string' ? reason : '';
  return /ChunkLoadError|Loading (?:CSS )?chunk [\w-]+ failed|Failed to load chunk/i.test(text);
}

function readLastReload(storage: Storage | undefined): number {
  try {
    return Number(storage?.getItem(STORAGE_KEY)) || lastReloadInMemory;
  } catch {
    return lastReloadInMemory; // storage can throw (privacy modes, quotas)
  }
}

/**
 * Reloads the page after a chunk failed to load (typically a deploy replaced the build), at
 * most once per guard window. The timestamp survives the reload in sessionStorage, so a chunk
 * that keeps failing cannot cause a reload loop.
 */
export function reloadOnceForChunkError(
  reason: unknown,
  { now = Date.now(), storage, reload }: { now?: number; storage: Storage | undefined; reload: () => void },
): boolean {
  if (!isChunkLoadError(reason)) return false;
  if (now - readLastReload(storage) < CHUNK_RELOAD.guardMs) return false;
  lastReloadInMemory = now;
  try {
    storage?.setItem(STORAGE_KEY, String(now));
  } catch {
    // the in-memory timestamp still guards this page's lifetime
  }
  reload();
  return true;
}
