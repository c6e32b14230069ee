/**
 * lib/server's rooms, lowest first: each may import only from the rooms before it
 * (tests/house/server-layers.test.ts), and docs/architecture.md lists them in this order
 * (tests/house/docs.test.ts).
 */
export const floors = [
  // Configuration and the pieces every request may need, which import nothing of lib/server but env.
  'env.ts',
  'unavailable.ts',
  'prerendered.ts',
  'seo.ts',
  'start-warnings.ts',
  'i18n',
  // The request layer: same-origin, capped bodies, the client's address and locale.
  'request',
  'observability',
  'db',
  'availability.ts',
  // The account directory, then the site's own ledger (which names the directory's grant types).
  'directory',
  'ledger',
  'session',
  // The route layer: the session wrapper, rate limits, translated errors, status pages, server hooks.
  'http',
  'payments',
  'checkout',
  'pay',
  'team',
  // The Telegram Mini App: initData traded for a session (after the route layer it answers through).
  'telegram',
  'links',
  'vitals',
  // The operators' console: its own tables, passkeys, sessions and audit log, over the money rooms' domain.
  'ops',
  // What starts the server and the commands, then the tests' hooks, on top of everything.
  'startup.ts',
  'cli',
  'testing.ts',
] as const;
