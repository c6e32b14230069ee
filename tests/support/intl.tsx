import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import messages from '@/messages/en.json';
import type { Locale } from '@/lib/i18n/locales';

/** Renders children the way the layout does: inside the provider with the English messages. */
export function IntlWrapper({ children, locale = 'en' }: { children: ReactNode; locale?: Locale }) {
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}
