import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import { localeMessages } from '@/lib/i18n/messages';

// Route handlers run outside a page render: the same messages as pages, without a request scope.

export async function checkoutErrorTranslator(locale: Locale) {
  return createTranslator({ locale, messages: await localeMessages(locale), namespace: 'Checkout.errors' });
}

export async function teamErrorTranslator(locale: Locale) {
  return createTranslator({ locale, messages: await localeMessages(locale), namespace: 'TeamPage.errors' });
}

export async function miniAppRefusalTranslator(locale: Locale) {
  return createTranslator({ locale, messages: await localeMessages(locale), namespace: 'MiniApp.refusal' });
}

export async function telegramHarnessTranslator(locale: Locale) {
  return createTranslator({ locale, messages: await localeMessages(locale), namespace: 'TelegramHarness' });
}
