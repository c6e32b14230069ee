import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { signHs256, verifyHs256 } from '@/lib/server/session/hs256';
import { openSession, sealSession, sealedSession } from '@/lib/server/session/session';
import { derivedKey } from '@/lib/server/session/secret';

// The session cookie is an HS256 JWT the site seals and opens with node:crypto (lib/server/session/hs256.ts).
const claims = { plt: 'telegram', sub: '1001', team: '-1002001', aud: 'pay', jti: 'link-1' } as const;
const key = () => derivedKey('session');
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (header: unknown, payload: unknown, secret: Uint8Array = key()) => {
  const signed = `${part(header)}.${part(payload)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
};
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const payload = (overrides: Record<string, unknown> = {}) => ({
  plt: 'telegram',
  sub: '1001',
  jti: 'link-1',
  aud: 'session:pay',
  exp: inAnHour(),
  ...overrides,
});

describe('session tokens', () => {
  it('a sealed session opens for its audience only, with the subject and the link it came from', async () => {
    const value = await sealSession(claims);
    expect(await openSession(value, 'pay')).toEqual({ platform: 'telegram', userId: '1001', teamId: '-1002001' });
    expect(sealedSession(value, 'pay')?.claims.jti).toBe('link-1');
    expect(await openSession(value, 'team')).toBeNull();
  });

  it('is a standard JWT both ways: jose verifies a sealed session, and a session jose signed opens', async () => {
    const sealed = await sealSession(claims);
    const { payload: read } = await jwtVerify(sealed, key(), { algorithms: ['HS256'], audience: 'session:pay' });
    expect(read).toMatchObject({ plt: 'telegram', sub: '1001', team: '-1002001', jti: 'link-1' });
    // As the benchmarks and the integration tests mint sessions.
    const fromJose = await new SignJWT({ plt: 'telegram', jti: 'bench' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1001')
      .setAudience('session:pay')
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(key());
    expect(await openSession(fromJose, 'pay')).toEqual({ platform: 'telegram', userId: '1001', teamId: undefined });
  });

  it('refuses an expired session, and one that expires this very second', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await openSession(sign({ alg: 'HS256' }, payload({ exp: now - 1 })), 'pay')).toBeNull();
    expect(await openSession(sign({ alg: 'HS256' }, payload({ exp: now })), 'pay')).toBeNull();
    expect(await openSession(await sealSession(claims, new Date(Date.now() - 13 * 3600_000)), 'pay')).toBeNull();
  });

  const forged: Array<[string, () => string]> = [
    ['signed with another key', () => sign({ alg: 'HS256' }, payload(), Buffer.alloc(32, 7))],
    ['alg none, no signature', () => `${part({ alg: 'none' })}.${part(payload())}.`],
    ['alg HS512 header over an HS256 signature', () => sign({ alg: 'HS512' }, payload())],
    ['a critical header it does not understand', () => sign({ alg: 'HS256', crit: ['b64'], b64: false }, payload())],
    ['no exp', () => sign({ alg: 'HS256' }, payload({ exp: undefined }))],
    ['exp as a string', () => sign({ alg: 'HS256' }, payload({ exp: String(inAnHour()) }))],
    ['no subject', () => sign({ alg: 'HS256' }, payload({ sub: undefined }))],
    ['a pay link (audience pay, not session:pay)', () => sign({ alg: 'HS256' }, payload({ aud: 'pay' }))],
    ['an unknown platform', () => sign({ alg: 'HS256' }, payload({ plt: 'myspace' }))],
    ['a payload that is not an object', () => sign({ alg: 'HS256' }, ['session:pay'])],
    [
      'a changed payload under the old signature',
      () => {
        const [header, , signature] = sign({ alg: 'HS256' }, payload()).split('.');
        return `${header}.${part(payload({ sub: '1002' }))}.${signature}`;
      },
    ],
    [
      'another spelling of the signature',
      () => {
        const token = sign({ alg: 'HS256' }, payload());
        return `${token}=`;
      },
    ],
    ['four parts', () => `${sign({ alg: 'HS256' }, payload())}.x`],
    ['not base64 at all', () => '%%%.***.!!!'],
    ['empty parts', () => '..'],
  ];

  it.each(forged)('refuses a session token %s', async (_name, token) => {
    expect(await openSession(token(), 'pay')).toBeNull();
  });

  it('the properly signed control token of the list above opens', async () => {
    expect(await openSession(sign({ alg: 'HS256' }, payload()), 'pay')).not.toBeNull();
  });

  it('verifyHs256 reads back what signHs256 wrote, and nothing under another key', () => {
    const token = signHs256({ a: 1, b: 'ü' }, key());
    expect(verifyHs256(token, key())).toEqual({ a: 1, b: 'ü' });
    expect(verifyHs256(token, Buffer.alloc(32))).toBeNull();
  });
});
