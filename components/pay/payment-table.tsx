import { Fragment, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { joined } from '@/lib/i18n/isolate';
import { usePaymentTime } from '@/lib/i18n/payment-time';
import { Link } from '@/lib/i18n/navigation';
import { useMoney } from '@/lib/i18n/money';
import { PACK } from '@/lib/pricing/catalogue';
import type { PaymentRecord } from '@/lib/shared/payment-history';
import { HISTORY_PAGE_PARAM, RECEIPT_PARAM } from '@/lib/shared/receipt';
import type en from '@/messages/en.json';
import cards from '@/components/layout/card-table.module.css';
import styles from './payment-history.module.css';
import { RefundLines } from './refund-lines';
import { usePurchaseParts } from './purchase-words';

type MethodKey = keyof (typeof en)['PayPage']['form']['methods'];

const columns = ['date', 'purchase', 'amount', 'paidWith', 'status', 'reference'] as const;

/** A column the pay page's own history does not have: who paid (the team page's payments). */
export interface PaidByColumn<P> {
  label: string;
  cell: (payment: P) => ReactNode;
}

/**
 * Payments as a table from 40rem up and a card per payment on a phone (the pay page's own history,
 * the team page's payments). A paid one links to its receipt on `receiptPath`, with the history
 * page it is on (`historyPage`) so the receipt leads back to it.
 */
export function PaymentTable<P extends PaymentRecord>({
  payments,
  labelledBy,
  receiptPath,
  historyPage,
  paidBy,
}: {
  payments: readonly P[];
  labelledBy: string;
  receiptPath: '/pay' | '/team';
  historyPage?: number;
  paidBy?: PaidByColumn<P>;
}) {
  const t = useTranslations('PayPage.history');
  return (
    <table className={`${styles.payments} ${cards.cards}`} role="table" aria-labelledby={labelledBy}>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <Fragment key={column}>
              <th scope="col" role="columnheader">
                {t(`columns.${column}`)}
              </th>
              {column === 'date' && paidBy && (
                <th scope="col" role="columnheader">
                  {paidBy.label}
                </th>
              )}
            </Fragment>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {payments.map((payment) => (
          <PaymentRow
            key={payment.orderId}
            payment={payment}
            receiptPath={receiptPath}
            historyPage={historyPage}
            paidBy={paidBy && { label: paidBy.label, content: paidBy.cell(payment) }}
          />
        ))}
      </tbody>
    </table>
  );
}

/** A paid payment has a receipt, also once money went back: its refunds are credit notes on it. */
const hasReceipt = (payment: PaymentRecord) => payment.status === 'paid' || payment.refund !== undefined;

function PaymentRow({
  payment,
  receiptPath,
  historyPage,
  paidBy,
}: {
  payment: PaymentRecord;
  historyPage?: number | undefined;
  receiptPath: '/pay' | '/team';
  paidBy: { label: string; content: ReactNode } | undefined;
}) {
  const t = useTranslations('PayPage.history');
  const declines = useTranslations('PayPage.declines');
  const purchaseParts = usePurchaseParts();
  const methods = useTranslations('PayPage.form.methods');
  const paymentTime = usePaymentTime();
  const formatMoney = useMoney();
  const money = formatMoney(payment.amount, payment.currency);
  const bought = purchaseParts(payment);
  return (
    <tr role="row" data-reference={payment.reference} data-status={payment.status}>
      <td role="cell" data-label={t('columns.date')}>
        <time dateTime={payment.createdAt}>{paymentTime(payment.createdAt)}</time>
      </td>
      {paidBy && (
        <td role="cell" data-label={paidBy.label} data-testid="paid-by">
          {paidBy.content}
        </td>
      )}
      <td role="cell" data-label={t('columns.purchase')}>
        {joined(bought, t('separator'))}
      </td>
      <td role="cell" data-label={t('columns.amount')} className={styles.amount}>
        {money}
      </td>
      <td role="cell" data-label={t('columns.paidWith')}>
        {joined([<bdi key="gateway">{payment.gatewayName}</bdi>, methods(payment.method as MethodKey)], t('separator'))}
      </td>
      <td role="cell" data-label={t('columns.status')}>
        {payment.status === 'failed' && payment.reason ? (
          // Declined for a reason the gateway named: the result view's words, not an error code.
          <>
            <span className={`${styles.status} ${styles.declined}`}>{t('statusDeclined')}</span>
            <span className={styles.reason} data-reason={payment.reason}>
              {declines(`reasons.${payment.reason}`)}
            </span>
          </>
        ) : (
          <>
            <span className={`${styles.status} ${styles[payment.status]}`}>
              {payment.status === 'failed' && payment.code
                ? t('statusFailedCode', { code: payment.code })
                : t(`status.${payment.status}`)}
            </span>
            {payment.paidTwice && (
              <span className={styles.reason} data-testid="paid-twice">
                {t('paidTwice')}
              </span>
            )}
            {payment.refund && (
              <RefundLines
                refund={payment.refund}
                currency={payment.currency}
                packs={payment.plan === PACK ? { whole: payment.status === 'refunded' } : null}
              />
            )}
          </>
        )}
      </td>
      <td role="cell" data-label={t('columns.reference')}>
        <code translate="no">{payment.reference}</code>
        {hasReceipt(payment) ? (
          <>
            {' '}
            {/* Not prefetched: on the team page each row's receipt is a dynamic render, and a table of
                payments would cost the server one per row for pages that are seldom opened. */}
            <Link
              prefetch={false}
              href={{
                pathname: receiptPath,
                query: {
                  [RECEIPT_PARAM]: payment.orderId,
                  ...(historyPage ? { [HISTORY_PAGE_PARAM]: String(historyPage) } : {}),
                },
              }}
              aria-label={t('receiptFor', { reference: payment.reference })}
            >
              {t('receipt')}
            </Link>
          </>
        ) : null}
      </td>
    </tr>
  );
}
