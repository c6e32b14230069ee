import { isIP } from 'node:net';

/**
 * The client in an X-Forwarded-For chain whose last entry is the socket's peer and whose
 * `trustedHops` entries before it were each appended by one of our own proxies. Entries further
 * left were written by the client and are ignored. (Pure: shared by handlers and access logs.)
 */
export function forwardedChainClient(header: string | null | undefined, trustedHops: number): string | null {
  const chain = (header ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  // A chain shorter than configured did not pass every proxy: its leftmost entry is the closest guess.
  const entry = (chain.at(Math.max(-chain.length, -1 - trustedHops)) ?? '').replace(/^::ffff:/, '');
  return isIP(entry) ? entry : null;
}
