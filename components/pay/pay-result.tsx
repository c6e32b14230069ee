import { useTranslations } from 'next-intl';
import { useDay } from '@/lib/i18n/day';
import { Animated } from '@/components/motion/animated';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { Link } from '@/lib/i18n/navigation';
import type { PayResultState, Purchase } from '@/lib/shared/pay-result';
import { isPack, type Currency, type PaidPlanId } from '@/lib/pricing/catalogue';
import { packQueries } from '@/lib/pricing/pack-quote';
import { linkCommand } from '@/lib/shared/link-problem';
import { RECEIPT_PARAM } from '@/lib/shared/receipt';
import { UnavailableView } from '@/components/layout/unavailable-view';
import { BackToChat } from '@/components/layout/back-to-chat';
import { HandoffOffer } from '@/components/layout/handoff-offer';
import card from '@/components/layout/status-card.module.css';
import styles from './pay.module.css';
import { useMoney } from '@/lib/i18n/money';

const resultFrom = { opacity: 0, y: 12 };

/**
 * The outcome of a payment, or why there is no payment page to show. While it
 * is processing or unavailable, PayView asks the server again by itself.
 */
export function PayResultView({
  result,
  supportEmail,
  signedIn = true,
}: {
  result: PayResultState;
  supportEmail: string;
  /** false: no pay session in this browser — "Back to the plans" would lead to a link error. */
  signedIn?: boolean;
}) {
  const t = useTranslations('PayPage.result');
  const declines = useTranslations('PayPage.declines');
  const linkErrors = useTranslations('LinkErrors');
  if (result.status === 'unavailable') {
    return (
      <UnavailableView title={t('unavailableTitle')} text={t('unavailable')}>
        <p>
          <Link href="/pay">{t('back')}</Link>
        </p>
      </UnavailableView>
    );
  }
  const tone =
    result.status === 'success'
      ? card.success
      : result.status === 'processing' ||
          result.status === 'scheduled' ||
          result.status === 'cancelled' ||
          result.status === 'abandoned' ||
          result.status === 'declined'
        ? card.processing
        : card.failure;
  const view = (
    // The outcome arrives after "checking your payment": it rises into place once, when it first
    // shows (a later status — processing, then paid — changes the text in place for screen readers).
    <Animated
      as="section"
      from={resultFrom}
      className={`${card.card} ${tone}`}
      aria-labelledby="pay-result-title"
      data-status={result.status}
    >
      <h1 id="pay-result-title">
        {result.status === 'failed' && result.link
          ? linkErrors('title')
          : result.status === 'declined'
            ? declines('title')
            : // A link for an account the assistant does not know: no payment was attempted at all.
              result.status === 'failed' && result.code === 'failed0'
              ? t('failed0Title')
              : t(`${result.status}Title`)}
      </h1>
      {result.status === 'declined' ? (
        // A refusal the payer can act on, not a fault: why, that nothing was charged and what to do.
        <div role="status" data-reason={result.reason}>
          <p>{declines(`reasons.${result.reason}`)}</p>
          <p>{declines(`next.${result.reason}`)}</p>
        </div>
      ) : result.status === 'failed' ? (
        <>
          <p role="alert" data-link-problem={result.link}>
            {result.link
              ? isolated(linkErrors(result.link, { command: VALUE }), linkCommand.pay, 'ltr')
              : result.code === 'failed2'
                ? t.rich('failed2', {
                    email: supportEmail,
                    link: (chunks) => (
                      <a href={`mailto:${supportEmail}`}>
                        <bdi dir="ltr">{chunks}</bdi>
                      </a>
                    ),
                  })
                : t(result.code)}
          </p>
          <p className={styles.code} data-testid="failure-code">
            {t('code', { code: result.code })}
          </p>
          {result.link ? <BackToChat chat={result.chat} /> : null}
        </>
      ) : result.status === 'scheduled' ? (
        <ScheduledRenewal startsAt={result.startsAt} amount={result.amount} currency={result.currency} />
      ) : (
        <>
          <p role="status">{t(result.status)}</p>
          {result.status === 'success' && result.purchase ? <PurchaseDetails purchase={result.purchase} /> : null}
        </>
      )}
      {result.status === 'failed' && result.code === 'failed0' ? null : signedIn ? (
        <p>
          <Link href="/pay">{t('back')}</Link>
        </p>
      ) : (
        // Back from the bank's app in another browser: the way on is the chat, which opens a new link.
        <p data-testid="back-in-chat">{isolated(t('backInChat', { command: VALUE }), linkCommand.pay, 'ltr')}</p>
      )}
    </Animated>
  );
  // No session and no link: another browser's "Open in another browser" may have sent a handoff.
  return result.status === 'failed' && result.link === 'missing' ? (
    <HandoffOffer page="pay">{view}</HandoffOffer>
  ) : (
    view
  );
}

/** A renewal that starts when the paid time ends: nothing charged today, and when the first charge comes. */
function ScheduledRenewal({ startsAt, amount, currency }: { startsAt: string; amount: number; currency: Currency }) {
  const t = useTranslations('PayPage.result');
  const day = useDay();
  const money = useMoney();
  return (
    <p role="status" data-testid="scheduled-renewal">
      {t('scheduled', {
        amount: money(amount, currency),
        date: day(startsAt),
      })}
    </p>
  );
}

/**
 * What a paid order bought; until when and its receipt only for its buyer's own session (elsewhere
 * the server leaves the expiry out and the receipt is reached through the chat).
 */
function PurchaseDetails({ purchase }: { purchase: Purchase }) {
  const t = useTranslations('PayPage.result');
  const day = useDay();
  const { months, amount, currency, expiresAt } = purchase;
  const money = useMoney()(amount, currency);
  return (
    <ul className={styles.purchase} aria-label={t('purchase')} data-testid="purchase">
      {isPack(purchase.plan) ? (
        <PacksBought purchase={purchase} />
      ) : (
        <PlanBought plan={purchase.plan} months={months} seats={purchase.seats} />
      )}
      <li>{isolated(t('purchaseAmount', { amount: VALUE }), money)}</li>
      {/* Packs say theirs with what they are; a plan's is its new expiry. */}
      {expiresAt && !isPack(purchase.plan) ? <li>{t('purchaseExpiry', { date: day(expiresAt) })}</li> : null}
      {purchase.paidTwice ? <li data-testid="purchase-paid-twice">{t('paidTwice')}</li> : null}
      {purchase.renewsWith ? (
        <li data-testid="purchase-renews">
          {isolated(t('purchaseRenews', { gateway: VALUE, months }), purchase.renewsWith, 'ltr')}
        </li>
      ) : null}
      <li>
        {purchase.receipt === 'here' ? (
          <Link href={{ pathname: '/pay', query: { [RECEIPT_PARAM]: purchase.orderId } }}>{t('receipt')}</Link>
        ) : (
          isolated(t('receiptInChat', { command: VALUE }), linkCommand.pay, 'ltr')
        )}
      </li>
    </ul>
  );
}

/** A plan: its name, months and team size. */
function PlanBought({ plan, months, seats }: { plan: PaidPlanId; months: number; seats: number | null }) {
  const t = useTranslations('PayPage.result');
  const plans = useTranslations('Plans.names');
  return (
    <>
      <li>{isolated(t('purchasePlan', { plan: VALUE }), plans(plan), 'ltr')}</li>
      <li>{t('purchasePeriod', { months })}</li>
      {seats !== null ? <li>{t('purchaseSeats', { seats })}</li> : null}
    </>
  );
}

/** Query packs: how many, their extra queries, and until when (or for how long, when the page may not say when). */
function PacksBought({ purchase }: { purchase: Purchase }) {
  const t = useTranslations('PayPage.result');
  const day = useDay();
  const quantity = purchase.quantity ?? 0;
  const values = { quantity, queries: packQueries(quantity) };
  return (
    <li data-testid="purchase-packs">
      {purchase.expiresAt
        ? t('purchasePacks', { ...values, date: day(purchase.expiresAt) })
        : t('purchasePacksFor', { ...values, months: purchase.months })}
    </li>
  );
}
