import { routing } from './routing';
import { withFallback } from './fallback';
import type { Locale } from './locales';
import type englishMessages from '../../messages/en.json';

export type Messages = typeof englishMessages;

const loaded = new Map<Locale, Promise<Messages>>();

async function load(locale: Locale) {
  return (await import(`../../messages/${locale}.json`)).default as Record<string, unknown>;
}

/**
 * A locale's messages with every key it lacks taken from English (a missing key shows
 * in English rather than as a raw key). Built once per locale per process: the files are part of
 * the build, and merging them on every render was measurable on the dynamic pages.
 * In a Next build the files arrive precompiled (next.config.mjs, `precompile`); in Jest, raw.
 */
export function localeMessages(locale: Locale): Promise<Messages> {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = (async () => {
      const own = await load(locale);
      if (locale === routing.defaultLocale) return own as Messages;
      return withFallback(own, await load(routing.defaultLocale)) as Messages;
    })();
    // A failed import is not cached, so the next request tries again.
    messages.catch(() => loaded.delete(locale));
    loaded.set(locale, messages);
  }
  return messages;
}
