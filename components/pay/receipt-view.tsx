'use client';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { isolated, joined, VALUE } from '@/lib/i18n/isolate';
import { usePaymentTime } from '@/lib/i18n/payment-time';
import { Link } from '@/lib/i18n/navigation';
import { useMoney } from '@/lib/i18n/money';
import { site } from '@/lib/config/site';
import { HISTORY_PAGE_PARAM, type Receipt } from '@/lib/shared/receipt';
import type en from '@/messages/en.json';
import styles from './receipt.module.css';

type MethodKey = keyof (typeof en)['PayPage']['form']['methods'];

/**
 * A paid order's receipt, laid out to print on one A4 or Letter page (the browser's print saves
 * it as PDF). Values that come from outside — names, ids, references — sit in <bdi>, so a
 * right-to-left page keeps each in its own direction.
 */
export function ReceiptView({
  receipt,
  backTo = '/pay',
  historyPage = null,
}: {
  receipt: Receipt | null;
  backTo?: '/pay' | '/team';
  /** The page of the payer's history the receipt was opened from: "Back to your payments" reopens it. */
  historyPage?: number | null;
}) {
  const t = useTranslations('PayPage.receipt');
  const back = <BackLink backTo={backTo} historyPage={historyPage} />;
  if (!receipt)
    return (
      <section className={styles.missing} aria-labelledby="receipt-heading" data-testid="receipt-missing">
        <h1 id="receipt-heading">{t('missingTitle')}</h1>
        <p>{t('missing')}</p>
        {back}
      </section>
    );
  return <ReceiptDocument receipt={receipt} back={back} />;
}

/** Back to the page the receipt came from; to the pay page's history, on the page it was opened from. */
function BackLink({ backTo, historyPage }: { backTo: '/pay' | '/team'; historyPage: number | null }) {
  const t = useTranslations('PayPage.receipt');
  const query = historyPage === null ? {} : { [HISTORY_PAGE_PARAM]: String(historyPage) };
  return <Link href={{ pathname: backTo, query }}>{t(backTo === '/team' ? 'backToTeam' : 'back')}</Link>;
}

function ReceiptDocument({ receipt, back }: { receipt: Receipt; back: ReactNode }) {
  const t = useTranslations('PayPage.receipt');
  const history = useTranslations('PayPage.history');
  const plans = useTranslations('Plans');
  const methods = useTranslations('PayPage.form.methods');
  const paymentTime = usePaymentTime();
  const { item, seller, buyer } = receipt;
  const money = useMoney()(receipt.amount, receipt.currency);
  const separator = history('separator');
  const description = joined(
    [
      <bdi key="plan">{plans(`names.${item.plan}`)}</bdi>,
      history('months', { months: item.months }),
      ...(item.seats === null ? [] : [history('seats', { seats: item.seats })]),
      ...(item.renewalCycle === null ? [] : [history('cycle', { cycle: item.renewalCycle })]),
    ],
    separator,
  );
  const account = `${site.chats[buyer.platform].name} ${buyer.username}`;

  return (
    <article className={styles.receipt} aria-labelledby="receipt-heading" data-testid="receipt">
      <header className={styles.head}>
        <h1 id="receipt-heading">{t('title')}</h1>
        <p>{isolated(t('number', { reference: VALUE }), receipt.reference, 'ltr')}</p>
      </header>

      <div className={styles.parties}>
        <section aria-labelledby="receipt-seller">
          <h2 id="receipt-seller">{t('seller')}</h2>
          <p>
            <bdi>{seller.legalName}</bdi>
            <br />
            <bdi>{seller.address}</bdi>
            <br />
            {isolated(t('taxId', { taxId: VALUE }), seller.taxId, 'ltr')}
            <br />
            <bdi>{seller.email}</bdi>
          </p>
        </section>
        <section aria-labelledby="receipt-buyer">
          <h2 id="receipt-buyer">{t('buyer')}</h2>
          <p>
            <bdi>{buyer.fullName}</bdi>
            <br />
            {isolated(t('account', { account: VALUE }), account, 'ltr')}
            {buyer.team && (
              <>
                <br />
                {isolated(t('team', { team: VALUE }), buyer.team)}
              </>
            )}
          </p>
        </section>
      </div>

      <table className={styles.items}>
        <thead>
          <tr>
            <th scope="col">{t('item')}</th>
            <th scope="col" className={styles.amount}>
              {t('amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{description}</td>
            <td className={styles.amount}>{money}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('total')}</th>
            <td className={styles.amount} data-testid="receipt-total">
              {money}
            </td>
          </tr>
        </tfoot>
      </table>

      <dl className={styles.details}>
        <dt>{t('paidAt')}</dt>
        <dd>
          <time dateTime={receipt.paidAt}>{paymentTime(receipt.paidAt)}</time>
        </dd>
        <dt>{t('paidWith')}</dt>
        <dd>
          {joined([<bdi key="gateway">{receipt.gatewayName}</bdi>, methods(receipt.method as MethodKey)], separator)}
        </dd>
        <dt>{t('gatewayReference')}</dt>
        <dd>
          <bdi className={styles.code}>{receipt.gatewayReference}</bdi>
        </dd>
        <dt>{t('orderReference')}</dt>
        <dd>
          <bdi className={styles.code}>{receipt.orderId}</bdi>
        </dd>
      </dl>

      <div className={styles.actions}>
        {/* The browser's print dialog, where "Save as PDF" is one of the printers. */}
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {t('print')}
        </button>
        {back}
      </div>
    </article>
  );
}
