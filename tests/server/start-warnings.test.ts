import { parseEnv } from '@/lib/server/env';
import { listenHostOf, startWarnings } from '@/lib/server/start-warnings';
import { join } from 'node:path';
import { standaloneServer } from '@/scripts/start.mjs';

const behindProxy = parseEnv({ TRUSTED_PROXY_HOPS: '1' });

describe('where the server listens', () => {
  it("npm start runs the build's standalone server on localhost unless HOST says otherwise, its data in the project", () => {
    const root = join(__dirname, '..', '..');
    expect(standaloneServer({}, '.next')).toEqual({
      script: join(root, '.next', 'standalone', 'server.js'),
      env: { PORT: '3000', HOSTNAME: 'localhost', DATA_DIR: join(root, '.data') },
    });
    expect(standaloneServer({ PORT: '4000', HOST: '0.0.0.0', DATA_DIR: '/srv/data' }, '.next').env).toEqual({
      PORT: '4000',
      HOSTNAME: '0.0.0.0',
      DATA_DIR: '/srv/data',
    });
  });

  it('reads the host from the next start command line, or none (every interface)', () => {
    expect(listenHostOf(['node', 'next', 'start', '-H', 'localhost', '-p', '3000'])).toBe('localhost');
    expect(listenHostOf(['node', 'next', 'start', '--hostname', '::1'])).toBe('::1');
    expect(listenHostOf(['node', 'next', 'start', '--hostname=app.internal'])).toBe('app.internal');
    expect(listenHostOf(['node', 'next', 'start', '-p', '3000'])).toBeNull();
  });

  it('reads the standalone server’s host from HOSTNAME (its default, 0.0.0.0, is every interface)', () => {
    const standalone = { __NEXT_PRIVATE_STANDALONE_CONFIG: '{}' };
    expect(listenHostOf(['node', 'server.js'], { ...standalone, HOSTNAME: 'localhost' })).toBe('localhost');
    expect(listenHostOf(['node', 'server.js'], standalone)).toBeNull();
    expect(listenHostOf(['node', 'server.js'], { ...standalone, HOSTNAME: '0.0.0.0' })).toBeNull();
    // Outside the standalone server, HOSTNAME is only the shell's name for the machine.
    expect(listenHostOf(['node', 'next', 'start'], { HOSTNAME: 'build-box' })).toBeNull();
  });
});

describe('warnings at start', () => {
  it('warns loudly when TRUSTED_PROXY_HOPS > 0 and the server listens beyond loopback', () => {
    for (const host of [null, '0.0.0.0', '::', 'app.internal', '10.0.0.5']) {
      expect(startWarnings(behindProxy, host)).toEqual([
        expect.stringMatching(/^TRUSTED_PROXY_HOPS=1 while listening/),
      ]);
    }
  });

  it('says nothing of the proxy setting for a loopback listener, or without trusted proxies', () => {
    for (const host of ['localhost', '127.0.0.1', '::1', '[::1]']) expect(startWarnings(behindProxy, host)).toEqual([]);
    expect(startWarnings(parseEnv({}), null)).toEqual([]);
  });

  it('warns when production runs on a plain-http SITE_URL by ALLOW_HTTP_SITE_URL', () => {
    const config = parseEnv({
      SITE_URL: 'http://pay.example.com',
      PAYLINK_SECRET: 'x'.repeat(32),
      ALLOW_HTTP_SITE_URL: '1',
    });
    expect(startWarnings(config, 'localhost')).toEqual([
      expect.stringMatching(/SITE_URL http:\/\/pay\.example\.com is plain http in production/),
    ]);
    expect(
      startWarnings(parseEnv({ SITE_URL: 'https://pay.example.com', PAYLINK_SECRET: 'x'.repeat(32) }), 'localhost'),
    ).toEqual([]);
  });

  it('warns that a bot token without a webhook secret offers the Mini App no way to pay, unless the backend forwards the updates', () => {
    const token = '7123456789:AAHtestTokenForTheStartWarningTests_01';
    expect(startWarnings(parseEnv({ TELEGRAM_BOT_TOKEN: token }), 'localhost')).toEqual([
      expect.stringMatching(/TELEGRAM_BOT_TOKEN is set without TELEGRAM_WEBHOOK_SECRET: Telegram Stars is not offered/),
    ]);
    const both = parseEnv({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: 's'.repeat(32) });
    expect(startWarnings(both, 'localhost')).toEqual([]);
    const forwarded = parseEnv({
      TELEGRAM_BOT_TOKEN: token,
      TELEGRAM_UPDATES_FROM: 'backend',
      CHAT_BACKEND_URL: 'http://127.0.0.1:4000',
      CHAT_BACKEND_SECRET: 'b'.repeat(32),
    });
    expect(startWarnings(forwarded, 'localhost')).toEqual([]);
  });
});
