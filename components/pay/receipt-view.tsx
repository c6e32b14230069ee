'use client';
import { useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { isolated, joined, VALUE } from '@/lib/i18n/isolate';
import { usePaymentTime } from '@/lib/i18n/payment-time';
import { Link } from '@/lib/i18n/navigation';
import { useMoney } from '@/lib/i18n/money';
import { site } from '@/lib/config/site';
import { HISTORY_PAGE_PARAM, type CreditNote, type Receipt } from '@/lib/shared/receipt';
import type { Billing } from '@/lib/shared/billing';
import { CompanyDetailsForm, CompanyLines } from './company-details';
import { usePurchaseParts } from './purchase-words';
import { isPack } from '@/lib/pricing/catalogue';
import { packExpiry } from '@/lib/pricing/pack-quote';
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
  return <ReceiptDocument receipt={receipt} back={back} editable={backTo === '/pay'} />;
}

/**
 * Back to the page the receipt came from. On the pay page that is "your payments": the history opens
 * there, on the page the receipt was opened from (its first page when it was opened elsewhere, such
 * as the result view), scrolled into view.
 */
function BackLink({ backTo, historyPage }: { backTo: '/pay' | '/team'; historyPage: number | null }) {
  const t = useTranslations('PayPage.receipt');
  const query =
    backTo === '/pay'
      ? { [HISTORY_PAGE_PARAM]: String(historyPage ?? 1) }
      : historyPage === null
        ? {}
        : { [HISTORY_PAGE_PARAM]: String(historyPage) };
  return <Link href={{ pathname: backTo, query }}>{t(backTo === '/team' ? 'backToTeam' : 'back')}</Link>;
}

function ReceiptDocument({ receipt, back, editable }: { receipt: Receipt; back: ReactNode; editable: boolean }) {
  const t = useTranslations('PayPage.receipt');
  const paymentTime = usePaymentTime();
  const [billing, setBilling] = useState(receipt.billing);
  const money = useMoney()(receipt.amount, receipt.currency);
  const description = useItemDescription(receipt);

  return (
    <>
      <article className={styles.receipt} aria-labelledby="receipt-heading" data-testid="receipt">
        <header className={styles.head}>
          <h1 id="receipt-heading">{t('title')}</h1>
          <p>{isolated(t('number', { reference: VALUE }), receipt.reference, 'ltr')}</p>
        </header>

        <Parties receipt={receipt} billing={billing} idPrefix="receipt">
          {editable && <CompanyDetailsForm orderId={receipt.orderId} billing={billing} onSaved={setBilling} />}
        </Parties>

        <ItemsTable item={description} money={money} total={t('total')} totalTestId="receipt-total" />

        <dl className={styles.details}>
          <dt>{t('paidAt')}</dt>
          <dd>
            <time dateTime={receipt.paidAt}>{paymentTime(receipt.paidAt)}</time>
          </dd>
          <dt>{t('paidWith')}</dt>
          <dd>
            <PaidWith receipt={receipt} />
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
      {receipt.creditNotes.map((note) => (
        <CreditNoteDocument key={note.reference} receipt={receipt} note={note} billing={billing} />
      ))}
    </>
  );
}

/**
 * What was bought, in words, with the locale's separator: the plan, its months, seats and renewal,
 * or the query packs, their queries and the day they expire (a year's months after the payment).
 */
function useItemDescription(receipt: Receipt): ReactNode {
  const history = useTranslations('PayPage.history');
  const purchaseParts = usePurchaseParts();
  const { item, paidAt } = receipt;
  const packsUntil = isPack(item.plan) ? packExpiry(new Date(paidAt)).toISOString() : null;
  return joined(purchaseParts(item, packsUntil), history('separator'));
}

/** Seller and buyer, as the receipt and each of its credit notes print them. */
function Parties({
  receipt,
  billing,
  idPrefix,
  children,
}: {
  receipt: Receipt;
  billing: Billing | null;
  idPrefix: string;
  children?: ReactNode;
}) {
  const t = useTranslations('PayPage.receipt');
  const { seller, buyer } = receipt;
  const account = `${site.chats[buyer.platform].name} ${buyer.username}`;
  return (
    <div className={styles.parties}>
      <section aria-labelledby={`${idPrefix}-seller`}>
        <h2 id={`${idPrefix}-seller`}>{t('seller')}</h2>
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
      <section aria-labelledby={`${idPrefix}-buyer`}>
        <h2 id={`${idPrefix}-buyer`}>{t('buyer')}</h2>
        <p>
          {billing && (
            <>
              <CompanyLines billing={billing} />
              <br />
            </>
          )}
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
        {children}
      </section>
    </div>
  );
}

/**
 * A refund of the receipt's payment as its own document (a credit note): printed on its own page
 * after the receipt, with the same parties and the amount that went back.
 */
function CreditNoteDocument({
  receipt,
  note,
  billing,
}: {
  receipt: Receipt;
  note: CreditNote;
  billing: Billing | null;
}) {
  const t = useTranslations('PayPage.receipt');
  const c = useTranslations('PayPage.receipt.creditNote');
  const paymentTime = usePaymentTime();
  const money = useMoney()(note.amount, receipt.currency);
  const description = useItemDescription(receipt);
  const headingId = `credit-note-${note.reference}`;
  return (
    <article className={`${styles.receipt} ${styles.creditNote}`} aria-labelledby={headingId} data-testid="credit-note">
      <header className={styles.head}>
        <h2 id={headingId} className={styles.documentTitle}>
          {c('title')}
        </h2>
        <p>
          {isolated(c('number', { reference: VALUE }), note.reference, 'ltr')}
          <br />
          {isolated(c('forReceipt', { reference: VALUE }), receipt.reference, 'ltr')}
        </p>
      </header>
      <Parties receipt={receipt} billing={billing} idPrefix={headingId} />
      <ItemsTable
        item={
          // The description in a <bdi> of its own direction: on an Urdu credit note it reads right to
          // left as a whole (the plan's Latin name keeps its inner <bdi>), so "7 months" stays together.
          isolated(c('item', { item: VALUE }), description)
        }
        money={money}
        total={c('total')}
        totalTestId="credit-note-total"
      />
      <dl className={styles.details}>
        <dt>{c('refundedAt')}</dt>
        <dd>
          <time dateTime={note.refundedAt}>{paymentTime(note.refundedAt)}</time>
        </dd>
        <dt>{c('refundedTo')}</dt>
        <dd>
          <PaidWith receipt={receipt} />
        </dd>
        {note.gatewayReference && (
          <>
            <dt>{t('gatewayReference')}</dt>
            <dd>
              <bdi className={styles.code}>{note.gatewayReference}</bdi>
            </dd>
          </>
        )}
      </dl>
    </article>
  );
}

/** The one line of what was bought, and the total: the receipt's, or a credit note's. */
function ItemsTable({
  item,
  money,
  total,
  totalTestId,
}: {
  item: ReactNode;
  money: string;
  total: string;
  totalTestId: string;
}) {
  const t = useTranslations('PayPage.receipt');
  return (
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
          <td>{item}</td>
          <td className={styles.amount}>{money}</td>
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{total}</th>
          <td className={styles.amount} data-testid={totalTestId}>
            {money}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The gateway and the method, with the locale's separator: where the money came from and goes back to. */
function PaidWith({ receipt }: { receipt: Receipt }) {
  const history = useTranslations('PayPage.history');
  const methods = useTranslations('PayPage.form.methods');
  return joined(
    [<bdi key="gateway">{receipt.gatewayName}</bdi>, methods(receipt.method as MethodKey)],
    history('separator'),
  );
}
