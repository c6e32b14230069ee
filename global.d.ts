import type messages from './messages/en.json';
import type { Locale } from './lib/i18n/locales';

declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
