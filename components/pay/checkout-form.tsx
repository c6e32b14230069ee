'use client';
import { useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { addMonths, renewalStartsAt } from '@/lib/pricing/quote';
import type { PaidPlanId } from '@/lib/pricing/catalogue';
import { checkoutDraft } from '@/lib/pricing/checkout-draft';
import type { PayFormProps } from '@/lib/shared/pay-form';
import { CancelPlanDialog } from './cancel-plan-dialog';
import { GatewayChoices, PeriodChoice, PlanChoice, TeamSize } from './checkout-choices';
import { QuoteSummary } from './checkout-summary';
import type { RenewalTerms } from './continuations';
import { PaymentFinish } from './payment-finish';
import { usePayment } from './use-payment';
import { useSelection } from './use-selection';
import styles from './pay.module.css';

/**
 * What a plan the gateway renews by itself charges, and when: a period's price, again after its
 * months — from today, or, when the plan is paid ahead, from the end of its paid time (the server
 * sends the gateway the same start: lib/pricing/plan-state.ts, renewalStartsAt).
 */
function renewalTerms(draft: ReturnType<typeof checkoutDraft>, plan: PaidPlanId, now: Date): RenewalTerms | null {
  const { priced, buyer } = draft;
  if (!priced?.ok || priced.months === 0) return null;
  const { amount, currency, months } = priced;
  const startsAt = buyer ? renewalStartsAt(buyer, plan, now) : null;
  return {
    amount,
    currency,
    months,
    next: addMonths(now, months).toISOString(),
    startsAt: startsAt?.toISOString() ?? null,
  };
}

/**
 * The plan, period, team size and gateway choice with a live quote. The rules are checkoutDraft's
 * (lib/pricing), the quote the server's own catalogue code; the server recomputes both at checkout.
 */
export function CheckoutForm({ mainAction = true, ...props }: PayFormProps & { mainAction?: boolean }) {
  const { gateways: choices, standing, teamAdminsOnly } = props;
  const t = useTranslations('PayPage');
  const locale = useLocale() as Locale;
  const id = useId();
  const selection = useSelection(props);
  const { plan, gateway, method, now } = selection;

  const draft = checkoutDraft({
    plan,
    period: selection.period,
    seats: selection.growTeam ? selection.seats : undefined,
    gateway,
    user: selection.user,
    team: selection.team,
    teamAdminsOnly: Boolean(teamAdminsOnly),
    currency: localeInfo(locale).currency,
    now,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const payment = usePayment({
    formRef,
    selection: { plan, period: draft.period, ...(draft.seats !== undefined ? { seats: draft.seats } : {}) },
    payable: draft.canPay,
    gateway,
    method,
    standing,
  });

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void payment.submit(event)}
      noValidate
      aria-labelledby={`${id}-heading`}
      data-testid="plan-form"
    >
      <h2 id={`${id}-heading`}>{t('form.heading')}</h2>
      <PlanChoice plan={plan} onPlan={selection.setPlan} hasTeam={selection.team !== null} currency={draft.currency} />
      {draft.mustCancel && selection.user.expiresAt && <CancelFirst expiresAt={selection.user.expiresAt} />}
      <PeriodChoice period={draft.period} onPeriod={selection.setPeriod} canKeep={draft.canKeep} />
      {plan === 'team_pro' && selection.team && (
        <TeamSize
          current={selection.team.seats}
          grow={selection.growTeam}
          onGrow={selection.setGrowTeam}
          seats={selection.seats}
          onSeats={selection.setSeats}
          invalid={draft.seatsInvalid}
        />
      )}
      <GatewayChoices
        choices={choices}
        gateway={gateway}
        method={method}
        onGateway={selection.chooseGateway}
        onMethod={selection.setMethod}
      />
      <QuoteSummary priced={draft.priced} refusal={draft.refusal} team={plan === 'team_pro'} />
      <PaymentFinish
        payment={payment}
        gateway={gateway}
        adminsOnly={draft.adminsOnly ? teamAdminsOnly : undefined}
        terms={renewalTerms(draft, plan, now)}
        price={draft.priced?.ok ? draft.priced : null}
        mainAction={mainAction}
      />
    </form>
  );
}

/** Team Pro while the payer's own Individual Pro runs: they cancel it first, in the dialog this opens. */
function CancelFirst({ expiresAt }: { expiresAt: Date }) {
  const t = useTranslations('PayPage');
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <div className={styles.notice} role="note">
        <p>{t('form.mustCancel')}</p>
        <button type="button" className="button" onClick={() => setDialogOpen(true)}>
          {t('form.cancelFirst')}
        </button>
      </div>
      <CancelPlanDialog open={dialogOpen} onClose={() => setDialogOpen(false)} expiresAt={expiresAt} />
    </>
  );
}
