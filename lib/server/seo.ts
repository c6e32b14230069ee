import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { defaultLocale, localeInfo, localeTable, localizedPath, type Locale } from '@/lib/i18n/locales';
import { pages, type PageKey } from '@/lib/config/pages';
import { site } from '@/lib/config/site';
import { env } from './env';

/** Absolute URL of `path` (unprefixed) in `locale`. */
export function absoluteUrl(locale: Locale, path: string): string {
  return `${env().SITE_URL}${localizedPath(locale, path)}`;
}

/**
 * hreflang alternates for one page: every locale plus x-default (the unprefixed English URL).
 * The `<head>` is the site's only hreflang source; the sitemap lists pages without repeating them.
 */
export function languageAlternates(path: string): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const { code } of localeTable) languages[code] = absoluteUrl(code, path);
  languages['x-default'] = absoluteUrl(defaultLocale, path);
  return languages;
}

/** Title, description, canonical, hreflang and Open Graph for one page in one locale. */
export async function pageMetadata(locale: Locale, page: PageKey): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const { path, indexable } = pages[page];
  // Titles and descriptions name the brand through `{brand}`; precompiled messages render a missing
  // value as "undefined" instead of failing, so it must be passed here.
  const values = { brand: site.name };
  const title = t(`${page}.title`, values);
  const description = t(`${page}.description`, values);
  const url = absoluteUrl(locale, path);
  return {
    metadataBase: new URL(env().SITE_URL),
    title: page === 'home' ? { absolute: title } : title,
    description,
    alternates: { canonical: url, languages: indexable ? languageAlternates(path) : undefined },
    openGraph: {
      type: 'website',
      siteName: site.name,
      title,
      description,
      url,
      locale: localeInfo(locale).tag.replace('-', '_'),
    },
    robots: indexable ? undefined : { index: false, follow: false },
  };
}
