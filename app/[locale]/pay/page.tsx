import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { clientMessages, payClientNamespaces } from '@/lib/i18n/client-messages';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';
import { loadPayPage } from '@/lib/server/pay-page';
import { env } from '@/lib/server/env';
import { site } from '@/lib/config/site';
import { payingSubject } from '@/lib/server/session/session';
import { isUnavailable } from '@/lib/server/unavailable';
import { PayResultView } from '@/components/pay/pay-result';
import { AccountTables } from '@/components/pay/account-tables';
import { CheckoutForm } from '@/components/pay/checkout-form';

export async function generateMetadata({ params }: PageProps<'/[locale]/pay'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'pay');
}

export default async function PayPage({ params, searchParams }: PageProps<'/[locale]/pay'>) {
  const locale = (await params).locale as Locale;
  const query = await searchParams;
  const t = await getTranslations({ locale, namespace: 'PayPage' });
  // The session is checked against the store on every render: a deleted account loses access at once.
  const subject = await payingSubject(await cookies());
  const page = await loadPayPage(subject, query, new Date()).catch((error: unknown) => {
    // The ledger or the assistant's backend is down: say so and retry, never a bare error page.
    if (!isUnavailable(error)) throw error;
    console.warn('[pay] a dependency is unavailable', error);
    return { kind: 'unavailable' as const };
  });

  const supportEmail = env().SUPPORT_EMAIL ?? site.supportEmail;
  if (page.kind === 'unavailable')
    return <PayResultView result={{ status: 'unavailable' }} supportEmail={supportEmail} />;
  if (page.kind === 'result') return <PayResultView result={page.result} supportEmail={supportEmail} />;
  return (
    <div className="pay-page">
      <h1>{t('heading')}</h1>
      <NextIntlClientProvider messages={await clientMessages(payClientNamespaces)}>
        <AccountTables context={page.context} now={page.now} />
        <CheckoutForm {...page.form} />
      </NextIntlClientProvider>
    </div>
  );
}
