import 'server-only';
import { isLoopbackHost } from '@/lib/shared/loopback.mjs';
import type { Env } from '@/lib/server/env';

/**
 * The host `next start` / `next dev` was told to listen on (`-H`, `--hostname`), or null when it
 * was told none and so listens on every interface. Instrumentation runs after the server is already
 * listening, and Next hands it no server object, so the command line is where the address is known.
 * The standalone server (`node server.js`) takes no arguments: it listens on `HOSTNAME`, default
 * 0.0.0.0. Its server.js marks the process by setting `__NEXT_PRIVATE_STANDALONE_CONFIG`.
 */
export function listenHostOf(
  argv: readonly string[],
  environment: Record<string, string | undefined> = {},
): string | null {
  if (environment.__NEXT_PRIVATE_STANDALONE_CONFIG) {
    const host = environment.HOSTNAME || '0.0.0.0';
    return host === '0.0.0.0' || host === '::' ? null : host;
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '-H' || arg === '--hostname') return argv[i + 1] ?? null;
    const joined = /^(?:--hostname=|-H=?)(.+)$/.exec(arg);
    if (joined?.[1]) return joined[1];
  }
  return null;
}

/** Only this machine can connect: a loopback name or address (not `0.0.0.0` or `::`, which mean every interface). */
function listensOnLoopbackOnly(host: string | null): boolean {
  if (host === null) return false;
  const bare = host.replace(/^\[|\]$/g, '');
  return isLoopbackHost(bare);
}

/**
 * Settings a server may run with but that an operator must know about, said at every start.
 * - TRUSTED_PROXY_HOPS > 0 believes the X-Forwarded-For entries the proxies wrote; a client that
 *   reaches the port without passing them writes those entries itself and picks its own
 *   rate-limit bucket and the payer address a gateway is sent (VNPay's vnp_IpAddr).
 * - A plain-http SITE_URL in production, allowed by ALLOW_HTTP_SITE_URL: cookies without Secure.
 * - A bot token without a webhook secret: the Mini App opens, but no update could be verified, so it
 *   offers no way to pay.
 */
export function startWarnings(config: Env, listenHost: string | null): string[] {
  const warnings: string[] = [];
  if (config.TRUSTED_PROXY_HOPS > 0 && !listensOnLoopbackOnly(listenHost)) {
    warnings.push(
      `TRUSTED_PROXY_HOPS=${config.TRUSTED_PROXY_HOPS} while listening on ${listenHost ?? 'every interface'}: ` +
        'a client that reaches this port directly, not through the proxy, chooses the address the site ' +
        'sees (rate limits, the payer address a gateway is sent). Listen on localhost (-H localhost; HOSTNAME=localhost ' +
        'for the standalone server) or let only ' +
        'the proxy reach this port (docs/serving.md).',
    );
  }
  if (config.isProduction && !config.secureCookies) {
    warnings.push(
      `SITE_URL ${config.SITE_URL} is plain http in production (ALLOW_HTTP_SITE_URL=1): session cookies ` +
        'are sent without Secure and can be read on the network.',
    );
  }
  if (config.TELEGRAM_BOT_TOKEN && config.TELEGRAM_UPDATES_FROM === 'telegram' && !config.TELEGRAM_WEBHOOK_SECRET) {
    warnings.push(
      'TELEGRAM_BOT_TOKEN is set without TELEGRAM_WEBHOOK_SECRET: Telegram Stars is not offered, so the Mini App ' +
        "has no way to pay (set the secret, and give it to setWebhook as secret_token; or, when the assistant's " +
        'backend keeps the webhook, TELEGRAM_UPDATES_FROM=backend: docs/payments.md#telegram-stars).',
    );
  }
  return warnings;
}
