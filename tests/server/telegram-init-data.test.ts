import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { verifyInitData, INIT_DATA_MAX_AGE_SECONDS } from '@/lib/server/telegram/init-data';
import { miniAppVerifier, telegramPublicKeys, type MiniAppVerifier } from '@/lib/server/telegram/config';
import { parseEnv } from '@/lib/server/env';
import { reloadEnv } from '@/lib/server/testing';
import { signedByToken as signWithToken } from '../support/init-data';

/*
 * initData as Telegram signs it, made here with node:crypto straight from Telegram's documented
 * algorithms (not with the site's code, nor the library it uses): first party, an HMAC under the
 * bot's token; third party, an Ed25519 signature over the bot's id, by a key pair made for the test
 * and handed to the verifier in place of Telegram's.
 */
const now = new Date('2026-11-20T10:00:00Z');
const epoch = (date: Date) => String(Math.floor(date.getTime() / 1000));
const botToken = '7123456789:AAHtestTokenForTheFirstPartyCheck_0123';
const otherBotToken = '7999999999:AAHanotherBotsTokenWhichSignsOtherData';

function fieldsOf(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({ id: 1001, first_name: 'Alice', username: 'alice', language_code: 'vi' }),
    chat_instance: '8134722200314281151',
    chat_type: 'group',
    start_param: '-1002001',
    auth_date: epoch(now),
    signature: 'zL-ucjNyREiHDE8aihFwpfR9aggP2xiAo3NSpfe-p7IbCisNlDKlo7Kb6G4D0Ao2mBrSgEk4maLSdv6MLIlADQ',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

const checkString = (fields: Record<string, string>) =>
  Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');

const signedByToken = (fields: Record<string, string>, token = botToken) => signWithToken(fields, token);

const telegramKeys = generateKeyPairSync('ed25519');
const rawPublicKey = (key: KeyObject) => Buffer.from(key.export({ format: 'jwk' }).x!, 'base64url').toString('hex');

/** Telegram's third-party signature: Ed25519 over "<bot id>:WebAppData\n" + the data-check string without hash and signature. */
function signedByTelegram(fields: Record<string, string>, botId: string, privateKey = telegramKeys.privateKey): string {
  const { signature: _dropped, ...signedFields } = fields;
  const message = `${botId}:WebAppData\n${checkString(signedFields)}`;
  const signature = sign(null, Buffer.from(message), privateKey).toString('base64url');
  return new URLSearchParams({ ...signedFields, signature, hash: 'a'.repeat(64) }).toString();
}

const hmac: MiniAppVerifier = { scheme: 'hmac', botToken, botId: '7123456789', standIn: false };
const ed25519: MiniAppVerifier = {
  scheme: 'ed25519',
  botId: '7123456789',
  publicKey: rawPublicKey(telegramKeys.publicKey),
};

describe('first-party initData (HMAC under the bot token)', () => {
  it('opens for initData Telegram signed for our bot, with the user, the start parameter and auth_date', () => {
    const verdict = verifyInitData(signedByToken(fieldsOf()), hmac, now);
    expect(verdict).toEqual({
      ok: true,
      data: {
        user: { id: '1001', username: 'alice', languageCode: 'vi' },
        authDate: now,
        startParam: '-1002001',
      },
    });
  });

  it('refuses initData signed with another bot’s token', () => {
    expect(verifyInitData(signedByToken(fieldsOf(), otherBotToken), hmac, now)).toMatchObject({
      ok: false,
      problem: 'signature',
    });
  });

  it.each([
    ['another user id', (raw: string) => raw.replace('%22id%22%3A1001', '%22id%22%3A1002')],
    ['another team in start_param', (raw: string) => raw.replace('start_param=-1002001', 'start_param=-1009999')],
    [
      'a later auth_date',
      (raw: string) => raw.replace(`auth_date=${epoch(now)}`, `auth_date=${Number(epoch(now)) + 60}`),
    ],
    ['a field added', (raw: string) => `${raw}&can_send_after=0`],
    ['a field removed', (raw: string) => raw.replace(/query_id=[^&]*&/, '')],
    [
      'its third-party signature changed (the HMAC covers it)',
      (raw: string) => raw.replace('signature=zL-', 'signature=zM-'),
    ],
    [
      'an upper-case hash',
      (raw: string) => raw.replace(/hash=([0-9a-f]+)/, (_, h: string) => `hash=${h.toUpperCase()}`),
    ],
  ])('refuses initData edited after signing: %s', (_, edit) => {
    expect(verifyInitData(edit(signedByToken(fieldsOf())), hmac, now)).toMatchObject({
      ok: false,
      problem: 'signature',
    });
  });

  it.each([10, 100, 300])('refuses initData cut short by %i characters', (cut) => {
    const raw = signedByToken(fieldsOf());
    const verdict = verifyInitData(raw.slice(0, raw.length - cut), hmac, now);
    expect(verdict.ok).toBe(false);
    expect(['signature', 'malformed']).toContain(!verdict.ok && verdict.problem);
  });

  it('refuses initData without a hash, and any other string, as unsigned', () => {
    expect(verifyInitData(new URLSearchParams(fieldsOf()).toString(), hmac, now)).toMatchObject({
      problem: 'signature',
    });
    expect(verifyInitData('hello', hmac, now)).toMatchObject({ problem: 'signature' });
    expect(verifyInitData('', hmac, now)).toMatchObject({ problem: 'malformed' });
    expect(verifyInitData('a=1&'.repeat(3000), hmac, now)).toMatchObject({ problem: 'malformed' });
  });

  it('refuses a field given twice (read one way here, another way elsewhere)', () => {
    const raw = `${signedByToken(fieldsOf())}&start_param=-1009999`;
    expect(verifyInitData(raw, hmac, now)).toMatchObject({ ok: false, problem: 'malformed' });
  });

  it('refuses signed initData whose user is missing or not a Telegram user', () => {
    expect(verifyInitData(signedByToken(fieldsOf({ user: undefined })), hmac, now)).toMatchObject({
      problem: 'malformed',
    });
    expect(verifyInitData(signedByToken(fieldsOf({ user: '{"id":"x"}' })), hmac, now)).toMatchObject({
      problem: 'malformed',
    });
    expect(verifyInitData(signedByToken(fieldsOf({ user: '{nope' })), hmac, now)).toMatchObject({
      problem: 'malformed',
    });
  });

  it(`takes initData for an hour (${INIT_DATA_MAX_AGE_SECONDS} s) after auth_date, and not a second more`, () => {
    const signedAt = (seconds: number) => signedByToken(fieldsOf({ auth_date: String(Number(epoch(now)) - seconds) }));
    expect(verifyInitData(signedAt(INIT_DATA_MAX_AGE_SECONDS), hmac, now).ok).toBe(true);
    expect(verifyInitData(signedAt(INIT_DATA_MAX_AGE_SECONDS + 1), hmac, now)).toMatchObject({ problem: 'stale' });
    expect(verifyInitData(signedAt(86_400), hmac, now)).toMatchObject({ problem: 'stale' });
  });

  it('takes an auth_date a few seconds ahead of our clock, and refuses one from further in the future', () => {
    const ahead = (seconds: number) => signedByToken(fieldsOf({ auth_date: String(Number(epoch(now)) + seconds) }));
    expect(verifyInitData(ahead(20), hmac, now).ok).toBe(true);
    expect(verifyInitData(ahead(120), hmac, now)).toMatchObject({ problem: 'stale' });
  });

  it('checks the signature before the age: stale forged initData is refused as forged', () => {
    const raw = signedByToken(fieldsOf({ auth_date: '1' }), otherBotToken);
    expect(verifyInitData(raw, hmac, now)).toMatchObject({ problem: 'signature' });
  });
});

describe('third-party initData (Telegram’s Ed25519 signature over the bot id)', () => {
  it('opens for initData Telegram signed for our bot id', () => {
    const verdict = verifyInitData(signedByTelegram(fieldsOf(), '7123456789'), ed25519, now);
    expect(verdict).toMatchObject({ ok: true, data: { user: { id: '1001' }, startParam: '-1002001' } });
  });

  it('refuses initData Telegram signed for another bot', () => {
    expect(verifyInitData(signedByTelegram(fieldsOf(), '7999999999'), ed25519, now)).toMatchObject({
      problem: 'signature',
    });
  });

  it('refuses initData signed by any key but the one configured (Telegram’s)', () => {
    const stranger = generateKeyPairSync('ed25519').privateKey;
    expect(verifyInitData(signedByTelegram(fieldsOf(), '7123456789', stranger), ed25519, now)).toMatchObject({
      problem: 'signature',
    });
  });

  it('refuses edited, unsigned and cut-short initData', () => {
    const raw = signedByTelegram(fieldsOf(), '7123456789');
    expect(verifyInitData(raw.replace('%22id%22%3A1001', '%22id%22%3A1002'), ed25519, now)).toMatchObject({
      problem: 'signature',
    });
    expect(verifyInitData(raw.replace(/signature=[^&]*&?/, ''), ed25519, now)).toMatchObject({ problem: 'signature' });
    expect(verifyInitData(raw.slice(0, -90), ed25519, now).ok).toBe(false);
  });

  it('ignores `hash`, which Telegram leaves out of what it signs for third parties', () => {
    const raw = signedByTelegram(fieldsOf(), '7123456789').replace(/hash=a+/, `hash=${'b'.repeat(64)}`);
    expect(verifyInitData(raw, ed25519, now).ok).toBe(true);
  });

  it('refuses initData older than the accepted hour', () => {
    const raw = signedByTelegram(fieldsOf({ auth_date: String(Number(epoch(now)) - 3601) }), '7123456789');
    expect(verifyInitData(raw, ed25519, now)).toMatchObject({ problem: 'stale' });
  });
});

describe('which verifier the configuration names', () => {
  const withEnv = (vars: Record<string, string>) => {
    const saved = { ...process.env };
    Object.assign(process.env, vars);
    reloadEnv();
    try {
      return miniAppVerifier();
    } finally {
      process.env = saved;
      reloadEnv();
    }
  };

  it('uses Telegram’s published keys: production by default, the test environment’s when asked', () => {
    expect(telegramPublicKeys).toEqual({
      production: 'e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d',
      test: '40055058a4ee38156a06562e52eece92a771bcd8346a8c4615cb7376eddf72ec',
    });
    expect(withEnv({ TELEGRAM_BOT_ID: '7123456789' })).toEqual({
      scheme: 'ed25519',
      botId: '7123456789',
      publicKey: telegramPublicKeys.production,
    });
    expect(withEnv({ TELEGRAM_BOT_ID: '7123456789', TELEGRAM_TEST_ENVIRONMENT: '1' })).toMatchObject({
      publicKey: telegramPublicKeys.test,
    });
  });

  it('prefers the HMAC when the site holds the bot token', () => {
    expect(withEnv({ TELEGRAM_BOT_TOKEN: botToken, TELEGRAM_BOT_ID: '7123456789' })).toEqual(hmac);
  });

  it('offers no Mini App in production without the bot’s token or id, and the harness’s stand-in bot elsewhere', () => {
    expect(withEnv({ APP_ENV: 'production', ALLOW_HTTP_SITE_URL: '1' })).toBeNull();
    expect(withEnv({})).toMatchObject({ scheme: 'hmac', standIn: true });
  });

  it('names the variable when a bot setting is wrong', () => {
    const base = { SITE_URL: 'http://localhost:3000' };
    expect(() => parseEnv({ ...base, TELEGRAM_BOT_TOKEN: 'not-a-token' })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => parseEnv({ ...base, TELEGRAM_BOT_ID: '12ab' })).toThrow(/TELEGRAM_BOT_ID/);
    expect(() => parseEnv({ ...base, TELEGRAM_BOT_TOKEN: botToken, TELEGRAM_BOT_ID: '1' })).toThrow(
      /TELEGRAM_BOT_ID must be the id TELEGRAM_BOT_TOKEN starts with/,
    );
    expect(() => parseEnv({ ...base, TELEGRAM_TEST_ENVIRONMENT: 'yes' })).toThrow(/TELEGRAM_TEST_ENVIRONMENT/);
  });
});
