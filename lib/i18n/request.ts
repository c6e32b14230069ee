import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { notFound } from 'next/navigation';
import * as rootParams from 'next/root-params';
import { routing } from './routing';
import { withFallback } from './fallback';
import type { Locale } from './locales';
import type englishMessages from '../../messages/en.json';

type IntlMessages = typeof englishMessages;

async function loadMessages(locale: Locale) {
  return (await import(`../../messages/${locale}.json`)).default as Record<string, unknown>;
}

export default getRequestConfig(async ({ locale: explicitLocale }) => {
  // Route handlers pass the locale explicitly; pages get it from the `[locale]` root param.
  const candidate = explicitLocale ?? (await rootParams.locale());
  if (!hasLocale(routing.locales, candidate)) notFound();
  const locale = candidate;
  // English is the fallback (PRODUCT §2): a key a translation lacks shows in English rather than
  // as a raw key. tests/i18n/messages.test.ts keeps every shipped file complete regardless.
  const messages =
    locale === routing.defaultLocale
      ? await loadMessages(locale)
      : withFallback(await loadMessages(locale), await loadMessages(routing.defaultLocale));
  // One zone on server and client, so dates render identically on both (no hydration mismatch).
  return { locale, messages: messages as IntlMessages, timeZone: 'UTC' };
});
