import 'server-only';
import { env } from '@/lib/server/env';
import { derivedKey } from '@/lib/server/session/secret';

/**
 * Telegram's Ed25519 public keys for third-party validation of initData, as Telegram's Mini Apps
 * documentation publishes them (hex): one for the production environment, one for the test one.
 */
export const telegramPublicKeys = {
  production: 'e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d',
  test: '40055058a4ee38156a06562e52eece92a771bcd8346a8c4615cb7376eddf72ec',
} as const;

/**
 * How initData is verified: an HMAC under the bot's token (the site holds it), or Telegram's
 * Ed25519 signature over the bot's id (the assistant's backend keeps the token). `standIn`: the
 * token is the local harness's, made up outside production when no bot is configured.
 */
export type MiniAppVerifier =
  | { scheme: 'hmac'; botToken: string; botId: string; standIn: boolean }
  | { scheme: 'ed25519'; botId: string; publicKey: string };

/** The harness's made-up bot. No Telegram bot signs for it: only this site's own harness does. */
export const STAND_IN_BOT_ID = '7000000001';

/**
 * The Mini App's verifier, or null when it is not offered: in production without the bot's
 * token or id. Outside production with neither, the stand-in bot, whose token the harness signs with.
 */
export function miniAppVerifier(): MiniAppVerifier | null {
  const config = env();
  const token = config.TELEGRAM_BOT_TOKEN;
  if (token) return { scheme: 'hmac', botToken: token, botId: token.split(':')[0] ?? '', standIn: false };
  if (config.TELEGRAM_BOT_ID) {
    const environment = config.TELEGRAM_TEST_ENVIRONMENT === '1' ? 'test' : 'production';
    return { scheme: 'ed25519', botId: config.TELEGRAM_BOT_ID, publicKey: telegramPublicKeys[environment] };
  }
  if (config.isProduction) return null;
  return { scheme: 'hmac', botToken: standInBotToken(), botId: STAND_IN_BOT_ID, standIn: true };
}

/** The stand-in bot's token: derived from the site's own secret, so it needs no file and no setting. */
export function standInBotToken(): string {
  return `${STAND_IN_BOT_ID}:${derivedKey('telegram-sandbox').toString('base64url')}`;
}
