import type { MetadataRoute } from 'next';
import { env } from '@/lib/server/env';

// Pay and team pages are not disallowed here: crawlers must fetch them to see their `noindex`.
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/'] }],
    sitemap: `${env().SITE_URL}/sitemap.xml`,
  };
}
