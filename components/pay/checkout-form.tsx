'use client';
import { useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { addMonths, renewalStartsAt } from '@/lib/pricing/quote';
import type { PaidPlanId } from '@/lib/pricing/catalogue';
import { checkoutDraft } from '@/lib/pricing/checkout-draft';
import type { CheckoutRequest } from '@/lib/shared/checkout';
import type { PayFormProps } from '@/lib/shared/pay-form';
import { standingFor } from '@/lib/shared/pending-payment';
import { CancelPlanDialog } from './cancel-plan-dialog';
import { GatewayChoices, PeriodChoice, PlanChoice, TeamSize } from './checkout-choices';
import { PayControl, QuoteSummary } from './checkout-summary';
import { billingFromForm, CompanyDetailsFields, focusField } from './company-fields';
import { billingProblem, type BillingField } from '@/lib/shared/billing';
import { continuations, type RenewalTerms } from './continuations';
import { StandingNotice } from './standing-notice';
import { useCheckout } from './use-checkout';
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
export function CheckoutForm(props: PayFormProps) {
  const { gateways: choices, standing, teamAdminsOnly } = props;
  const t = useTranslations('PayPage');
  const locale = useLocale() as Locale;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [billingInvalid, setBillingInvalid] = useState<BillingField | null>(null);
  const selection = useSelection(props);
  const { plan, gateway, method, now } = selection;
  const checkout = useCheckout();

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
  const underWay = standingFor(standing, plan, gateway);
  const mustChoosePayAgain = Boolean(underWay.pending || checkout.payAgainOffered);
  const canPay =
    draft.canPay &&
    method !== '' &&
    !checkout.pending &&
    !underWay.renewal &&
    (!mustChoosePayAgain || checkout.payAgain);

  /** POSTs the selection once per attempt; the answer, or null after showing why it failed. */
  function requestCheckout() {
    if (!canPay || !gateway) return Promise.resolve(null);
    const billing = billingFromForm(formRef.current);
    // A company detail that breaks its rule is pointed at before anything is sent: the disclosure
    // opens on it and the keyboard goes there.
    const invalid = billing ? billingProblem(billing) : null;
    setBillingInvalid(invalid);
    if (invalid) {
      const field = formRef.current?.elements.namedItem(invalid);
      const disclosure = field instanceof HTMLElement ? field.closest('details') : null;
      if (disclosure) disclosure.open = true;
      focusField(formRef.current, invalid);
      return Promise.resolve(null);
    }
    const body: CheckoutRequest = {
      plan,
      period: draft.period,
      gateway: gateway.id,
      method,
      ...(draft.seats !== undefined ? { seats: draft.seats } : {}),
      ...(mustChoosePayAgain && checkout.payAgain ? { payAgain: true as const } : {}),
      ...(billing ? { billing } : {}),
    };
    return checkout.request(body);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // A gateway that continues with its SDK starts from the SDK's component, which runs the checkout itself.
    if (gateway?.continuation.kind !== 'redirect') return;
    const answer = await requestCheckout();
    if (answer?.kind === 'redirect') window.location.assign(answer.redirectUrl);
  }

  /** The SDK's own call: the site's checkout, answering the parameters the SDK continues with. */
  async function sdkCheckout(): Promise<unknown> {
    const answer = await requestCheckout();
    checkout.settled();
    return answer?.kind === 'sdk' ? answer.params : null;
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
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
      <CompanyDetailsFields invalid={billingInvalid} />
      <StandingNotice
        renewal={underWay.renewal}
        pending={underWay.pending}
        payAgainOffered={checkout.payAgainOffered}
        payAgain={checkout.payAgain}
        onPayAgain={checkout.setPayAgain}
      />
      {checkout.serverError && (
        <p className={styles.error} role="alert">
          {checkout.serverError}
        </p>
      )}
      <PayControl
        adminsOnly={draft.adminsOnly ? teamAdminsOnly : undefined}
        renewalRunning={underWay.renewal !== null}
        continuation={continuationOf(gateway)}
        continuationProps={{
          options: gateway?.clientOptions,
          disabled: !canPay && !checkout.pending,
          terms: renewalTerms(draft, plan, now),
          price: draft.priced?.ok ? draft.priced : null,
          startCheckout: sdkCheckout,
        }}
        canPay={canPay}
        pending={checkout.pending}
      />
    </form>
  );
}

/** The chosen gateway's SDK component, when it continues with one and sent its options. */
const continuationOf = (gateway: ReturnType<typeof useSelection>['gateway']) =>
  gateway?.continuation.kind === 'sdk' && gateway.clientOptions !== undefined
    ? continuations[gateway.continuation.sdk]
    : undefined;

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
