import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import LocaleNotFound from '../not-found';

/**
 * The 404 page of each locale, prerendered so its text is in the server HTML. The proxy answers
 * every unknown path with it and status 404 (a `notFound()` from a catch-all under a dynamic root
 * layout renders an empty `<html id="__next_error__">`: vercel/next.js#62228). Its own URL is
 * unknown to the proxy too, so it is never served with 200.
 */
export async function generateMetadata({ params }: PageProps<'/[locale]/not-found-page'>): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale as Locale, namespace: 'NotFound' });
  return { title: t('heading'), robots: { index: false, follow: false } };
}

export default function NotFoundPage() {
  return <LocaleNotFound />;
}
