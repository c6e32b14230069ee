import type { MetadataRoute } from 'next';
import { pages } from '@/lib/config/pages';
import { localeTable } from '@/lib/i18n/locales';
import { absoluteUrl } from '@/lib/server/seo';

/** Every indexable page in every locale; hreflang lives in each page's <head>. */
export default function sitemap(): MetadataRoute.Sitemap {
  return Object.values(pages)
    .filter((page) => page.indexable)
    .flatMap((page) =>
      localeTable.map(({ code }) => ({
        url: absoluteUrl(code, page.path),
        changeFrequency: 'monthly' as const,
        priority: page.path === '/' ? 1 : 0.5,
      })),
    );
}
