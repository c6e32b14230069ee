import type { Metadata, Viewport } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/lib/i18n/routing';
import { clientMessages, layoutClientNamespaces } from '@/lib/i18n/client-messages';
import { localeInfo, locales } from '@/lib/i18n/locales';
import { firstViewFont } from '@/lib/i18n/fonts';
import { site } from '@/lib/config/site';
import { env } from '@/lib/server/env';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { TopProgressBar } from '@/components/layout/top-progress-bar';
import { NavigationEffects } from '@/components/layout/navigation-effects';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { BackToTop } from '@/components/layout/back-to-top';
import { WebVitals } from '@/components/layout/web-vitals';
import { OutsideMiniApp } from '@/components/layout/outside-mini-app';
import '../globals.css';

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

// A path shaped like a prefixed page whose prefix names no locale (`/xx`, `/xx/join`) skips the proxy
// (its matcher skips the prefixed pages by their shape) and must not render this layout for `xx`:
// it matches no route, and Next answers its 404 (app/global-not-found.tsx).
export const dynamicParams = false;

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    metadataBase: new URL(env().SITE_URL),
    title: { template: t('titleTemplate', { brand: site.name }), default: site.name },
    applicationName: site.name,
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#0b1020' },
  ],
};

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  const t = await getTranslations({ locale, namespace: 'Navigation' });
  const font = firstViewFont(locale);

  return (
    // The landing's reveal script marks <html> (`reveals`) before the framework hydrates it.
    <html lang={locale} dir={localeInfo(locale).dir} data-scroll-behavior="smooth" suppressHydrationWarning>
      {font ? (
        <head>
          {/* Parser-blocking on purpose: it adds the page's first-view face (lib/i18n/fonts.ts)
              before the body is laid out, so the text is laid out once, in that face. */}
          {/* eslint-disable-next-line @next/next/no-sync-scripts */}
          <script src={font.src} />
        </head>
      ) : null}
      <body>
        <NextIntlClientProvider messages={await clientMessages(layoutClientNamespaces)}>
          <a className="skip-link" href="#main">
            {t('skipToContent')}
          </a>
          <TopProgressBar />
          <NavigationEffects />
          <OfflineBanner />
          <OutsideMiniApp>
            <SiteHeader />
          </OutsideMiniApp>
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <OutsideMiniApp>
            <SiteFooter />
            <BackToTop />
          </OutsideMiniApp>
          <WebVitals />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
