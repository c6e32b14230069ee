import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { SignJWT } from 'jose';

/** The data directory the e2e server runs on (playwright.config.ts); its pay-link secret signs our links. */
const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';

/** A pay (or, with `audience: 'team'`, team) link as the assistant would send it, for a seeded account. */
export async function payLink(
  {
    platform = 'telegram',
    user,
    team,
    prefix = '',
    audience = 'pay',
    page = audience,
    lifetime = '1h',
  }: {
    platform?: string;
    user: string;
    team?: string;
    prefix?: string;
    audience?: 'pay' | 'team';
    /** The page the link opens, when it is not the audience's own (a pay token sent to /team). */
    page?: 'pay' | 'team';
    lifetime?: string | number;
  },
  secret = readFileSync(join(dataDir, 'paylink-secret'), 'utf8').trim(),
): Promise<string> {
  const token = await new SignJWT({ plt: platform, ...(team ? { team } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(lifetime)
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(secret));
  return `${prefix}/${page}?t=${token}`;
}

/** A team link, as the assistant sends an admin who types /team. */
export const teamLink = (
  options: { platform?: string; user: string; team?: string; prefix?: string },
  secret?: string,
) => payLink({ ...options, audience: 'team' }, secret);

/**
 * What a person does with a link: open it, then tap the opening page's one button, which is what
 * spends it (a link checker that only loads the page spends nothing). Any other address is just
 * opened. Resolves once the page the link leads to has replaced the opening page.
 */
export async function openLink(page: Page, url: string): Promise<void> {
  await page.goto(url);
  if (!new URL(url, 'http://site.invalid').searchParams.has('t')) return;
  await page.locator('form#open button[type=submit]').click();
  await expect(page.locator('form#open')).toHaveCount(0);
}
