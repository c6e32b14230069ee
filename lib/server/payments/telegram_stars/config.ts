import 'server-only';
import { env } from '@/lib/server/env';
import { derivedKey } from '@/lib/server/session/secret';

/** How the Bot API client reaches its host: the network, or the local stand-in in-process. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface StarsConfig {
  /** live: Telegram's Bot API (or the host TELEGRAM_BOT_API_URL names); sandbox: this site's stand-in. */
  mode: 'live' | 'sandbox';
  botToken: string;
  /** The Bot API's origin; requests go to `<apiBase>/bot<token>/<method>`. */
  apiBase: string;
  /** Who hands the site the bot's payment updates, and the secret that proves it (./webhook.ts). */
  updates: UpdateSource;
  transport: Transport;
}

/**
 * telegram: the site is the bot's webhook; every update carries setWebhook's secret_token in
 * X-Telegram-Bot-Api-Secret-Token. backend: the assistant's backend holds the bot's one webhook and
 * forwards the payment updates, signed as the chat-backend contract signs (CHAT_BACKEND_SECRET).
 */
export type UpdateSource = { from: 'telegram' | 'backend'; secret: string };

/** The stand-in Bot API's address under the site (the generic sandbox route serves it too). */
export const SANDBOX_PATH = '/api/payments/telegram_stars/sandbox';

const network: Transport = (url, init) => fetch(url, init);

/**
 * The stand-in's Bot API, in-process: the gateway installs it (./gateway.ts), so a live
 * configuration never loads it, and the updates it sends reach the site's webhook path without an
 * import circle.
 */
let standIn: Transport = () => Promise.reject(new Error('the Telegram Stars stand-in is not installed'));

export function installSandboxTransport(transport: Transport): void {
  standIn = transport;
}

/**
 * The stand-in bot's token: the Mini App harness's bot (lib/server/telegram/config.ts derives the
 * same one from the same secret), so `npm start` runs the whole Stars path with no network.
 */
export const sandboxBotToken = () => `7000000001:${derivedKey('telegram-sandbox').toString('base64url')}`;
const sandboxWebhookSecret = () => derivedKey('telegram-webhook-sandbox').toString('base64url');

/**
 * Telegram Stars with the bot's token and the secret its updates arrive with; without a token,
 * outside production, the local stand-in; otherwise null — Stars is not offered (in production
 * without the bot's credentials, or with a token but no way to verify its updates).
 */
export function starsConfig(): StarsConfig | null {
  const config = env();
  const token = config.TELEGRAM_BOT_TOKEN;
  const fromBackend = config.TELEGRAM_UPDATES_FROM === 'backend';
  if (token) {
    const secret = fromBackend ? config.CHAT_BACKEND_SECRET : config.TELEGRAM_WEBHOOK_SECRET;
    if (!secret) return null;
    return {
      mode: 'live',
      botToken: token,
      apiBase: config.TELEGRAM_BOT_API_URL,
      updates: { from: config.TELEGRAM_UPDATES_FROM, secret },
      transport: network,
    };
  }
  if (config.isProduction || config.TELEGRAM_BOT_ID) return null;
  return {
    mode: 'sandbox',
    botToken: sandboxBotToken(),
    apiBase: `${config.SITE_URL}${SANDBOX_PATH}`,
    // The stand-in plays whichever sender the deployment names (./sandbox/updates.ts).
    updates:
      fromBackend && config.CHAT_BACKEND_SECRET
        ? { from: 'backend', secret: config.CHAT_BACKEND_SECRET }
        : { from: 'telegram', secret: sandboxWebhookSecret() },
    transport: (url, init) => standIn(url, init),
  };
}
