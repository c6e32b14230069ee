import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { notFound } from 'next/navigation';
import * as rootParams from 'next/root-params';
import { routing } from './routing';
import { localeMessages } from './messages';

export default getRequestConfig(async ({ locale: explicitLocale }) => {
  // Route handlers pass the locale explicitly; pages get it from the `[locale]` root param.
  const candidate = explicitLocale ?? (await rootParams.locale());
  if (!hasLocale(routing.locales, candidate)) notFound();
  const locale = candidate;
  // One zone on server and client, so dates render identically on both (no hydration mismatch).
  return { locale, messages: await localeMessages(locale), timeZone: 'UTC' };
});
