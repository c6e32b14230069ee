import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';

/** The data directory the e2e server runs on (playwright.config.ts); its pay-link secret signs our links. */
const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';

/** A pay link as the assistant would send it, for a seeded account. */
export async function payLink(
  {
    platform = 'telegram',
    user,
    team,
    prefix = '',
  }: { platform?: string; user: string; team?: string; prefix?: string },
  secret = readFileSync(join(dataDir, 'paylink-secret'), 'utf8').trim(),
): Promise<string> {
  const token = await new SignJWT({ plt: platform, ...(team ? { team } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user)
    .setAudience('pay')
    .setIssuedAt()
    .setExpirationTime('1h')
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(secret));
  return `${prefix}/pay?t=${token}`;
}
