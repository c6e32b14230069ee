'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import { isLocale, localeTable, localizedPath, prefixOf, type Locale } from '@/lib/i18n/locales';
import { writeLocaleCookie } from '@/lib/i18n/locale-cookie';

/**
 * Switching language keeps the page, the query and the hash, and remembers the choice in the
 * `i18n_redirected` cookie so that `/` opens in it next time. A full page load follows: the
 * document's lang, dir and fonts change with the locale.
 */
export function LanguageSwitcher() {
  const t = useTranslations('LanguageSwitcher');
  const locale = useLocale();
  const pathname = usePathname();
  const id = useId();

  function switchTo(next: Locale) {
    writeLocaleCookie(next);
    const { search, hash } = window.location;
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load, see above
    window.location.assign(`${localizedPath(next, pathname)}${search}${hash}`);
  }

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('label')}
      </label>
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
      <select id={id} value={locale} onChange={(event) => isLocale(event.target.value) && switchTo(event.target.value)}>
        {localeTable.map((entry) => (
          <option key={entry.code} value={entry.code} lang={entry.code} data-prefix={prefixOf(entry.code)}>
            {entry.name}
          </option>
        ))}
      </select>
    </div>
  );
}
