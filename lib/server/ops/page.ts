import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { OPS_LOCALE_COOKIE, opsLocale, opsTranslator, type OpsLocale, type OpsTranslate } from './i18n';
import { sessionOf, type OperatorSession } from './session';

/** What every console page starts from: the operator's language and words. */
export interface OpsPageContext {
  locale: OpsLocale;
  t: OpsTranslate;
}

export async function opsPageContext(): Promise<OpsPageContext> {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  const locale = opsLocale(jar.get(OPS_LOCALE_COOKIE)?.value, head.get('accept-language'));
  return { locale, t: opsTranslator(locale) };
}

/**
 * A page behind the session: the request layer answered 401 already without one; this checks again,
 * so a page never renders data for a request that skipped it (a router fetch, a misconfigured proxy).
 */
export async function consolePage(): Promise<OpsPageContext & { session: OperatorSession }> {
  const session = await sessionOf(await cookies());
  if (!session) redirect('/ops/sign-in');
  return { ...(await opsPageContext()), session };
}
