import { useTranslations } from 'next-intl';
import { useDay } from '@/lib/i18n/day';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { useMoney } from '@/lib/i18n/money';
import type { DraftRefusal } from '@/lib/pricing/checkout-draft';
import type { Quote } from '@/lib/pricing/quote';
import type { ContinuationProps } from './continuations';
import { TeamAdminsOnly } from './team-admins-only';
import styles from './pay.module.css';

/** A refusal of the draft in the payer's words (the server says the same under Checkout.errors.*). */
function useRefusalText(): (refusal: DraftRefusal) => React.ReactNode {
  const t = useTranslations('PayPage');
  const money = useMoney();
  return (refusal) => {
    switch (refusal.code) {
      case 'team_required':
        return t('form.teamRequired');
      case 'period3_not_with_gateway':
        return isolated(t('form.period3NotWithGateway', { gateway: VALUE }), refusal.gateway);
      case 'nothing_to_pay':
        return t('form.nothingToPay');
      case 'period3_inactive':
        return t('form.period3Inactive');
      case 'below_gateway_min':
        return t('form.belowMin', { min: money(refusal.min, refusal.currency) });
      case 'above_gateway_max':
        return t('form.aboveMax', { max: money(refusal.max, refusal.currency) });
      case 'above_subscription_max':
        return t('form.aboveSubscriptionMax', { max: money(refusal.max, refusal.currency) });
    }
  };
}

/** The live quote (amount, Team Pro's blocks, the new expiry), or why the selection cannot be paid. */
export function QuoteSummary({
  priced,
  refusal,
  team,
}: {
  priced: Quote | null;
  refusal: DraftRefusal | null;
  /** Team Pro: the quote says its blocks and seats. */
  team: boolean;
}) {
  const t = useTranslations('PayPage');
  const day = useDay();
  const money = useMoney();
  const refusalText = useRefusalText();
  return (
    <div className={styles.summary} aria-live="polite">
      {priced?.ok && !refusal ? (
        <>
          <p className={styles.total}>
            {t.rich('form.quote', {
              amount: money(priced.amount, priced.currency),
              output: (chunks) => <output data-testid="quote-amount">{chunks}</output>,
            })}
          </p>
          {team && (
            <p className={styles.hint} data-testid="quote-seats">
              {t('form.quoteTeam', { blocks: priced.blocks, seats: priced.seats })}
            </p>
          )}
          <p className={styles.hint}>{t('form.newExpiry', { date: day(priced.expiresAt) })}</p>
        </>
      ) : (
        refusal && <p className={styles.error}>{refusalText(refusal)}</p>
      )}
    </div>
  );
}

/**
 * How the payer pays: nothing while a renewal of the plan runs, whom to ask when they may not pay for
 * the team, the gateway's SDK component when it continues with one, else the submit button.
 */
export function PayControl({
  adminsOnly,
  renewalRunning,
  continuation: Continuation,
  continuationProps,
  canPay,
  pending,
  submitLabel,
}: {
  /** The submit button's words when the form's own (packs: "Buy 2 packs"); else "Continue to payment". */
  submitLabel?: string | undefined;
  /** The team's admins, when the payer may not pay for the team. */
  adminsOnly: { admins: string[] } | undefined;
  renewalRunning: boolean;
  /** The chosen gateway's SDK component (components/pay/continuations.ts), or none: a redirect. */
  continuation: React.ComponentType<ContinuationProps> | undefined;
  continuationProps: ContinuationProps;
  canPay: boolean;
  pending: boolean;
}) {
  const t = useTranslations('PayPage');
  if (adminsOnly) return <TeamAdminsOnly admins={adminsOnly.admins} />;
  if (renewalRunning) return null;
  if (Continuation) return <Continuation {...continuationProps} />;
  return (
    <button type="submit" className="button button--primary" disabled={!canPay} aria-busy={pending}>
      {pending ? t('form.pending') : (submitLabel ?? t('form.checkout'))}
    </button>
  );
}
