'use client';

import Link from 'next/link';
import { useLocale } from 'next-intl';
import type { ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import { homeHref } from '@/lib/i18n/home';
import type { Locale } from '@/lib/i18n/locales';

/**
 * A link to the home page of the locale being read, or to one of its sections: the visitor stays in
 * that language with or without JavaScript (lib/i18n/home.ts says why English links name `/en`). On the
 * home page itself a section link is a bare fragment, which scrolls within the page whatever its URL.
 */
export function HomeLink({
  section,
  className,
  children,
}: {
  section?: string;
  className?: string;
  children: ReactNode;
}) {
  const locale = useLocale() as Locale;
  const onHome = usePathname() === '/';
  if (section && onHome) {
    return (
      <a className={className} href={`#${section}`}>
        {children}
      </a>
    );
  }
  return (
    <Link className={className} href={homeHref(locale, section)}>
      {children}
    </Link>
  );
}
