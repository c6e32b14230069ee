import 'server-only';
import { localizedPath, type Locale } from '@/lib/i18n/locales';
import { env } from '@/lib/server/env';
import { mintPaylink, type LinkClaims } from '@/lib/server/session/paylink';

/** A full pay or team link, as the assistant sends it after `/pay` or `/team`. */
export async function linkUrl(
  claims: Omit<LinkClaims, 'jti'>,
  locale: Locale,
  options: { lifetimeSeconds?: number; now?: Date } = {},
): Promise<string> {
  const token = await mintPaylink(claims, options);
  return `${env().SITE_URL}${localizedPath(locale, `/${claims.aud}`)}?t=${token}`;
}
