import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { defaultLocale, localeInfo, localeTable, localizedPath, type Locale } from '@/lib/i18n/locales';
import { pages, type PageKey } from '@/lib/config/pages';
import { OG_IMAGE_SIZE, ogCardFor, ogImagePath, type OgCard } from '@/lib/config/og-cards';
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

/** Where each card's title (its image's alt text) comes from; the same message the image shows. */
const cardTitle = {
  site: 'Metadata.home.title',
  pay: 'LinkOpen.pay.title',
  team: 'LinkOpen.team.title',
} as const satisfies Record<OgCard, string>;

/**
 * Title, description, canonical, hreflang, Open Graph and the Twitter card for one page in one
 * locale. Every page names its preview card image (lib/config/og-cards.ts): absolute, since chat
 * apps' crawlers resolve nothing, with its size so they can lay it out before fetching it.
 */
export async function pageMetadata(locale: Locale, page: PageKey): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const { path, indexable } = pages[page];
  // Titles and descriptions name the brand through `{brand}`; precompiled messages render a missing
  // value as "undefined" instead of failing, so it must be passed here.
  const values = { brand: site.name };
  const title = t(`${page}.title`, values);
  const description = t(`${page}.description`, values);
  const url = absoluteUrl(locale, path);
  const card = ogCardFor(page);
  const root = await getTranslations({ locale });
  const image = {
    url: `${env().SITE_URL}${ogImagePath(locale, card)}`,
    ...OG_IMAGE_SIZE,
    alt: root(cardTitle[card], values),
    type: 'image/png',
  };
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
      images: [image],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
    robots: indexable ? undefined : { index: false, follow: false },
  };
}
