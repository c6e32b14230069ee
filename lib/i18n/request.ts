import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { notFound } from 'next/navigation';
import * as rootParams from 'next/root-params';
import { routing } from './routing';

export default getRequestConfig(async ({ locale: explicitLocale }) => {
  // Route handlers pass the locale explicitly; pages get it from the `[locale]` root param.
  const candidate = explicitLocale ?? (await rootParams.locale());
  if (!hasLocale(routing.locales, candidate)) notFound();
  const locale = candidate;
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
