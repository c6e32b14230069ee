// The pay session cookie the link exchange would set, minted directly for benchmarks
// (same key derivation and claims as lib/server/session: alice, team Acme Growth).
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';

export async function benchPaySession(paylinkSecret) {
  const sessionKey = createHmac('sha256', Buffer.from(paylinkSecret)).update('quorum:session').digest();
  return new SignJWT({ plt: 'telegram', team: '-1002001', jti: 'bench' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('1001')
    .setAudience('session:pay')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(sessionKey);
}
