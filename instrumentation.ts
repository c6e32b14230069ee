/** Next calls this once per server start, before the first request. */
export async function register() {
  // The Node.js server only: the store and the file system are not available elsewhere.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { onServerStart } = await import('./lib/server/startup');
    await onServerStart();
  }
}
