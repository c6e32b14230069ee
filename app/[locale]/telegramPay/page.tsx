import { Suspense } from 'react';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { clientMessages, miniAppClientNamespaces, payClientNamespaces } from '@/lib/i18n/client-messages';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';
import { PayView } from '@/components/pay/pay-view';
import { PayLoading } from '@/components/pay/pay-loading';
import { MiniApp } from '@/components/miniapp/mini-app';
import { MiniAppLaunchScript } from '@/components/miniapp/launch-script';

export async function generateMetadata({ params }: PageProps<'/[locale]/telegramPay'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'telegramPay');
}

/**
 * /pay as a Telegram Mini App (docs/miniapp.md): prerendered per locale like /pay; the payer's view
 * comes after the page has traded Telegram's initData for a session it keeps in memory.
 */
export default async function TelegramPayPage({ params }: PageProps<'/[locale]/telegramPay'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'PayPage' });
  return (
    <>
      <MiniAppLaunchScript page="pay" locale={locale} />
      <noscript>
        <div className="personal-page">
          <p role="alert">{t('needsJavaScript')}</p>
        </div>
      </noscript>
      <NextIntlClientProvider messages={await clientMessages([...payClientNamespaces, ...miniAppClientNamespaces])}>
        <Suspense fallback={<PayLoading inTelegram />}>
          <MiniApp page="pay">
            <PayView inTelegram />
          </MiniApp>
        </Suspense>
      </NextIntlClientProvider>
    </>
  );
}
