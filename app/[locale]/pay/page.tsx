import { Suspense } from 'react';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { clientMessages, payClientNamespaces } from '@/lib/i18n/client-messages';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';
import { PayView } from '@/components/pay/pay-view';
import { PayLoading } from '@/components/pay/pay-loading';
import { WarmIntlScript } from '@/components/pay/warm-intl-script';
import { MotionPreload } from '@/components/motion/animated';

export async function generateMetadata({ params }: PageProps<'/[locale]/pay'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'pay');
}

/**
 * Prerendered per locale: the same for every payer. What is theirs (account, team, form, or a
 * payment's result) comes from GET /api/pay/view after the page paints — see PayView.
 */
export default async function PayPage({ params }: PageProps<'/[locale]/pay'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'PayPage' });
  return (
    <>
      <WarmIntlScript locale={locale} />
      {/* The motion chunk arrives while the payer's view is fetched (components/motion/animated.tsx). */}
      <MotionPreload />
      <noscript>
        <div className="personal-page">
          <p role="alert">{t('needsJavaScript')}</p>
        </div>
      </noscript>
      <NextIntlClientProvider messages={await clientMessages(payClientNamespaces)}>
        <Suspense fallback={<PayLoading />}>
          <PayView />
        </Suspense>
      </NextIntlClientProvider>
    </>
  );
}
