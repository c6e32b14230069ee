import 'server-only';
import { createTranslator } from 'next-intl';
import { defaultLocale, type Locale } from '@/lib/i18n/locales';
import { withFallback } from '@/lib/i18n/fallback';
import type englishMessages from '@/messages/en.json';

type Messages = typeof englishMessages;

async function load(locale: Locale): Promise<Record<string, unknown>> {
  return (await import(`@/messages/${locale}.json`)).default as Record<string, unknown>;
}

/**
 * Messages for code that runs outside a page render (route handlers): the same files and the
 * same English fallback as pages, without depending on a request scope.
 */
export async function messagesFor(locale: Locale): Promise<Messages> {
  const own = await load(locale);
  return (locale === defaultLocale ? own : withFallback(own, await load(defaultLocale))) as Messages;
}

export async function checkoutErrorTranslator(locale: Locale) {
  return createTranslator({ locale, messages: await messagesFor(locale), namespace: 'Checkout.errors' });
}

export async function teamErrorTranslator(locale: Locale) {
  return createTranslator({ locale, messages: await messagesFor(locale), namespace: 'TeamPage.errors' });
}
