import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import type { Payer, TeamPaymentsPage } from '@/lib/shared/payment-history';
import { PaymentTable } from '@/components/pay/payment-table';
import styles from './team.module.css';

export const PAYMENTS_PAGE_PARAM = 'payments';

/** The team page's `?payments=N`: a whole number from 1, else the first page. */
export function paymentsPageOf(search: Record<string, string | string[] | undefined>): number {
  const value = Number(search[PAYMENTS_PAGE_PARAM]);
  return Number.isInteger(value) && value >= 1 && value <= 1_000 ? value : 1;
}

/**
 * What was paid for the team, newest first, with who paid and each paid one's receipt: for the
 * team's admins (docs/team-page.md says which orders are the team's).
 */
export function TeamPayments({ history }: { history: TeamPaymentsPage }) {
  const t = useTranslations('TeamPage.payments');
  const pages = useTranslations('PayPage.history');
  const pageLink = (page: number) => ({ pathname: '/team' as const, query: { [PAYMENTS_PAGE_PARAM]: String(page) } });
  return (
    <section className={styles.section} aria-labelledby="team-payments-heading" data-testid="team-payments">
      <h2 id="team-payments-heading">{t('heading')}</h2>
      {history.payments.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <PaymentTable
          payments={history.payments}
          labelledBy="team-payments-heading"
          receiptPath="/team"
          paidBy={{ label: t('paidBy'), cell: (payment) => <PayerName payer={payment.payer} /> }}
        />
      )}
      {(history.page > 1 || history.hasOlder) && (
        <nav aria-label={pages('pages')} className={styles.pager}>
          {history.page > 1 && <Link href={pageLink(history.page - 1)}>{pages('newer')}</Link>}
          <span>{pages('page', { page: history.page })}</span>
          {history.hasOlder && <Link href={pageLink(history.page + 1)}>{pages('older')}</Link>}
        </nav>
      )}
    </section>
  );
}

function PayerName({ payer }: { payer: Payer }) {
  const t = useTranslations('TeamPage.payments');
  if ('name' in payer) return <bdi>{payer.name}</bdi>;
  return isolated(t('formerMember', { id: VALUE }), payer.formerMemberId, 'ltr');
}
