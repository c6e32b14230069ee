import { gatewayChoices } from '@/lib/server/payments/registry';
import { starsGateway } from '@/lib/server/payments/telegram_stars/gateway';
import { parseEnv } from '@/lib/server/env';
import { useEnv } from '../support/env';

/*
 * When Telegram Stars is offered: with the bot's token and a way to verify its updates (the
 * webhook's secret, or the backend's signature when the backend forwards them); outside production
 * with no bot, through the local stand-in; never in production without the bot's credentials.
 */
const token = '7123456789:AAHtestTokenForTheStarsConfigTests_0001';
const offered = () => gatewayChoices('miniapp').find((choice) => choice.id === 'telegram_stars')?.available;

describe('Telegram Stars outside production with no bot', () => {
  it('is offered in the Mini App through the local stand-in', () => {
    expect(starsGateway.mode()).toBe('sandbox');
    expect(offered()).toBe(true);
  });
});

describe('Telegram Stars in production without the bot’s credentials', () => {
  useEnv({ APP_ENV: 'production', ALLOW_HTTP_SITE_URL: '1', PAYLINK_SECRET: 'p'.repeat(32) });

  it('is not offered, and has no stand-in', () => {
    expect(starsGateway.available()).toBe(false);
    expect(offered()).toBe(false);
    expect(starsGateway.mode()).toBeNull();
  });
});

describe('Telegram Stars with a bot token but no webhook secret', () => {
  useEnv({ TELEGRAM_BOT_TOKEN: token });

  it('is not offered: no update could be verified', () => {
    expect(starsGateway.available()).toBe(false);
  });
});

describe('Telegram Stars with a bot token and a webhook secret', () => {
  useEnv({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: 'a-webhook-secret-of-the-tests_01' });

  it('is offered live, against Telegram’s Bot API', () => {
    expect(starsGateway.mode()).toBe('live');
    expect(offered()).toBe(true);
  });
});

describe('Telegram Stars with a bot token whose updates the assistant’s backend forwards', () => {
  useEnv({
    TELEGRAM_BOT_TOKEN: token,
    TELEGRAM_UPDATES_FROM: 'backend',
    CHAT_BACKEND_URL: 'https://backend.example',
    CHAT_BACKEND_SECRET: 'b'.repeat(32),
  });

  it('is offered live without a webhook secret: the backend’s signature proves each update', () => {
    expect(starsGateway.mode()).toBe('live');
    expect(offered()).toBe(true);
  });
});

describe('the Stars variables', () => {
  it('refuse updates from a backend when there is none', () => {
    expect(() => parseEnv({ TELEGRAM_UPDATES_FROM: 'backend' })).toThrow(
      /TELEGRAM_UPDATES_FROM is backend, which needs CHAT_BACKEND_URL/,
    );
    expect(() => parseEnv({ TELEGRAM_UPDATES_FROM: 'bot' })).toThrow(
      /TELEGRAM_UPDATES_FROM must be telegram or backend/,
    );
  });

  it('name themselves when they are wrong', () => {
    expect(() => parseEnv({ TELEGRAM_WEBHOOK_SECRET: 'short' })).toThrow(/TELEGRAM_WEBHOOK_SECRET must be 16 to 256/);
    expect(() => parseEnv({ TELEGRAM_WEBHOOK_SECRET: 'has spaces in it, not allowed' })).toThrow(
      /TELEGRAM_WEBHOOK_SECRET/,
    );
    expect(() => parseEnv({ TELEGRAM_BOT_API_URL: 'ftp://bot.example' })).toThrow(
      /TELEGRAM_BOT_API_URL must be an http/,
    );
    expect(() =>
      parseEnv({
        APP_ENV: 'production',
        TELEGRAM_BOT_API_URL: 'http://bot.example',
        SITE_URL: 'https://pay.example.com',
      }),
    ).toThrow(/TELEGRAM_BOT_API_URL must be an https URL in production/);
  });
});
