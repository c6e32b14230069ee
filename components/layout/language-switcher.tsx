'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, type MouseEvent } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import { localeInfo, localeTable, localizedPath, type Locale } from '@/lib/i18n/locales';
import { localeCookieFor, writeLocaleCookie } from '@/lib/i18n/locale-cookie';
import { switchablePath, switcherHref } from '@/lib/i18n/home';

/**
 * A disclosure of links, one per language, each written in its own script. Closed, the list is not
 * laid out at all: every page used to shape 14 names in 8 scripts for a `<select>`'s width, which on
 * a device lacking some of those scripts meant a system-font search per letter before the first
 * paint (docs/performance.md has the measurement).
 *
 * Plain links work without JavaScript (each names its locale: the English home is `/en`; on a 404 or
 * error page, each locale's home, lib/i18n/home.ts). With it, a pick also keeps the query and the hash and
 * remembers the choice in the `i18n_redirected` cookie so that `/` opens in it next time. A full page
 * load follows either way: the document's lang, dir and fonts change with the locale.
 */
export function LanguageSwitcher() {
  const t = useTranslations('LanguageSwitcher');
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  const disclosure = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const element = disclosure.current;
    if (!element) return;
    const close = (returnFocus: boolean) => {
      if (!element.open) return;
      element.open = false;
      if (returnFocus) element.querySelector('summary')?.focus();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close(element.contains(document.activeElement));
    const onPointer = (event: PointerEvent) => !element.contains(event.target as Node) && close(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  function pick(event: MouseEvent<HTMLAnchorElement>, next: Locale) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    writeLocaleCookie(next);
    const { search, hash } = window.location;
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load, see above
    window.location.assign(`${localizedPath(next, switchablePath(pathname))}${search}${hash}`);
  }

  return (
    <details ref={disclosure} className="language-switcher">
      <summary>
        <svg
          className="language-switcher__icon"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        <span className="visually-hidden">{t('currentLabel')} </span>
        <span className="language-switcher__current">{localeInfo(locale).name}</span>
      </summary>
      <ul className="language-switcher__list" aria-label={t('label')}>
        {localeTable.map((entry) => (
          <li key={entry.code}>
            <a
              href={switcherHref(entry.code, pathname)}
              hrefLang={entry.code}
              lang={entry.code}
              dir={entry.dir}
              aria-current={entry.code === locale ? 'true' : undefined}
              data-locale-cookie={localeCookieFor(entry.code)}
              onClick={(event) => pick(event, entry.code)}
            >
              {entry.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
