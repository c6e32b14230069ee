'use client';
import { useId, useMemo, useRef, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { localeInfo } from '@/lib/i18n/locales';
import {
  paidPlanIds,
  periods,
  plans,
  purchasePeriodIds,
  TEAM_BLOCK_SIZE,
  type Currency,
  type PaidPlanId,
  type PeriodId,
} from '@/lib/pricing/catalogue';
import { addMonths, isActive, quote, seatsAreValid, type PlanState } from '@/lib/pricing/quote';
import { preferredGateway, withinLimits, type GatewayChoice } from '@/lib/shared/gateway-offer';
import { defaultPlan } from '@/lib/pricing/buyer';
import { IDEMPOTENCY_HEADER, type CheckoutRequest, type CheckoutResponse } from '@/lib/shared/checkout';
import type { PayFormProps, PlanStateView } from '@/lib/shared/pay-form';
import { Animated } from '@/components/motion/animated';
import { CancelPlanDialog } from './cancel-plan-dialog';
import { StandingNotice } from './standing-notice';
import { continuations } from './continuations';
import { billingFromForm, CompanyDetailsFields } from './company-details';
import { standingFor } from '@/lib/shared/pending-payment';
import { TeamAdminsOnly } from './team-admins-only';
import styles from './pay.module.css';
import type messages from '@/messages/en.json';
import { useMoney } from '@/lib/i18n/money';

const featuresFrom = { opacity: 0, y: -6 };

const toState = (view: PlanStateView): PlanState => ({
  plan: view.plan,
  expiresAt: view.expiresAt ? new Date(view.expiresAt) : null,
  seats: view.seats,
});

const newKey = () => crypto.randomUUID();

// Gateways and methods arrive from the server's registry as data; each has its messages (the
// messages test keeps all 14 locales complete), so a new one is named by adding its keys.
type FormMessages = (typeof messages)['PayPage']['form'];
type GatewayKey = keyof FormMessages['gateways'];
type MethodKey = keyof FormMessages['methods'];

/**
 * The plan, period, team size and gateway choice with a live quote. The
 * quote is computed with the server's own catalogue code; the server recomputes it at checkout.
 */
export function CheckoutForm({
  user,
  team,
  gateways: choices,
  now: nowIso,
  initial,
  standing,
  teamAdminsOnly,
}: PayFormProps) {
  const t = useTranslations('PayPage');
  const plansT = useTranslations('Plans');
  const format = useFormatter();
  const locale = useLocale();
  const id = useId();
  const now = useMemo(() => new Date(nowIso), [nowIso]);
  const userState = useMemo(() => toState(user), [user]);
  const teamState = useMemo(() => (team ? toState(team) : null), [team]);

  // A member who may not pay for the team starts on what they can buy for themselves.
  const [plan, setPlan] = useState<PaidPlanId>(
    initial.plan ?? defaultPlan(userState, teamAdminsOnly ? null : teamState, now),
  );
  // The team page's "add seats" link, on an active plan: keep the plan and pay only the prorated
  // increase — with a gateway that can take that (not every one can).
  const addsSeats = initial.plan === 'team_pro' && initial.seats !== undefined && teamState?.plan === 'team_pro';
  const keepsPlan = addsSeats && teamState !== null && isActive(teamState, now);
  const [period, setPeriod] = useState<PeriodId>(keepsPlan ? 'period3' : 'period0');
  const [showFeatures, setShowFeatures] = useState(false);
  const [growTeam, setGrowTeam] = useState(initial.seats !== undefined);
  const [seatsText, setSeatsText] = useState(initial.seats !== undefined ? String(initial.seats) : '');
  const currencyOfLocale = localeInfo(locale as never).currency;
  const firstAvailable =
    (keepsPlan
      ? preferredGateway(
          choices.filter((choice) => choice.period3 !== false),
          currencyOfLocale,
        )
      : null) ?? preferredGateway(choices, currencyOfLocale);
  const [gatewayId, setGatewayId] = useState<string | null>(firstAvailable?.id ?? null);
  const [method, setMethod] = useState<string>(firstAvailable?.methods[0] ?? '');
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [payAgain, setPayAgain] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The server found a payment being confirmed that this page had not seen (another browser).
  const [payAgainOffered, setPayAgainOffered] = useState(false);
  const idempotencyKey = useRef<string>('');

  const buyer = plan === 'team_pro' ? teamState : userState;
  // Keeping the current plan and paying only for more seats is a team's option.
  const canKeep = plan === 'team_pro' && buyer !== null && buyer.plan === plan && isActive(buyer, now);
  const effectivePeriod: PeriodId = period === 'period3' && !canKeep ? 'period0' : period;
  const adminsOnly = plan === 'team_pro' ? teamAdminsOnly : undefined;
  // Cancelling one's own plan is a step towards buying Team Pro: never asked of someone who may not.
  const mustCancel =
    plan === 'team_pro' && !adminsOnly && userState.plan === 'individual_pro' && isActive(userState, now);

  const seats = growTeam && plan === 'team_pro' ? Number(seatsText) : undefined;
  const seatsError =
    seats !== undefined && teamState && (seatsText.trim() === '' || seatsAreValid(seats, teamState))
      ? t('form.seatsError', { current: teamState.seats })
      : null;

  const gateway: GatewayChoice | null = choices.find((choice) => choice.id === gatewayId && choice.available) ?? null;
  const currency: Currency = gateway ? gateway.currency : (localeInfo(locale as never)?.currency ?? 'USD');
  const formatMoney = useMoney();
  const money = (amount: number, c: Currency = currency) => formatMoney(amount, c);

  const priced =
    buyer && !seatsError ? quote({ plan, period: effectivePeriod, currency, seats, current: buyer, now }) : null;
  const limit = priced?.ok && gateway ? withinLimits(gateway, priced.amount) : null;
  const refusal = !buyer
    ? t('form.teamRequired')
    : gateway?.period3 === false && effectivePeriod === 'period3'
      ? isolated(t('form.period3NotWithGateway', { gateway: VALUE }), gateway.name)
      : priced && !priced.ok
        ? priced.reason === 'nothing_to_pay'
          ? t('form.nothingToPay')
          : priced.reason === 'period3_inactive'
            ? t('form.period3Inactive')
            : null
        : limit === 'below_min' && gateway
          ? t('form.belowMin', { min: money(gateway.min, gateway.currency) })
          : limit === 'above_max' && gateway
            ? t('form.aboveMax', { max: money(gateway.max, gateway.currency) })
            : null;
  const underWay = standingFor(standing, plan, gateway?.id ?? null);
  const mustChoosePayAgain = Boolean(underWay.pending || payAgainOffered);
  const canPay = Boolean(
    priced?.ok &&
    !refusal &&
    !seatsError &&
    gateway &&
    method &&
    !mustCancel &&
    !adminsOnly &&
    !pending &&
    !underWay.renewal &&
    (!mustChoosePayAgain || payAgain),
  );

  /** POSTs the selection once per attempt; the answer, or null after showing why it failed. */
  async function requestCheckout(): Promise<Exclude<CheckoutResponse, { error: unknown }> | null> {
    if (!canPay || !gateway) return null;
    setPending(true);
    setServerError(null);
    idempotencyKey.current ||= newKey();
    const billing = billingFromForm(formRef.current);
    const body: CheckoutRequest = {
      plan,
      period: effectivePeriod,
      gateway: gateway.id,
      method,
      ...(seats !== undefined ? { seats } : {}),
      ...(mustChoosePayAgain && payAgain ? { payAgain: true as const } : {}),
      ...(billing ? { billing } : {}),
    };
    try {
      const response = await fetch('/api/checkout', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Accept-Language': localeInfo(locale as never).tag,
          [IDEMPOTENCY_HEADER]: idempotencyKey.current,
        },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as CheckoutResponse;
      // The next attempt (after Back, or after an error) is a new checkout.
      idempotencyKey.current = '';
      if (!('error' in answer)) return answer;
      setServerError(answer.error.message);
      if (answer.error.code === 'payment_pending') setPayAgainOffered(true);
    } catch {
      idempotencyKey.current = '';
      setServerError(t('form.networkError'));
    }
    setPending(false);
    return null;
  }

  async function checkout(event: React.FormEvent) {
    event.preventDefault();
    // A gateway that continues with its SDK starts from the SDK's component, which runs the checkout itself.
    if (gateway?.continuation.kind !== 'redirect') return;
    const answer = await requestCheckout();
    if (answer?.kind === 'redirect') window.location.assign(answer.redirectUrl);
  }

  /** An SDK component's checkout: the site's checkout, answering the parameters the SDK continues with. */
  async function sdkCheckout(): Promise<unknown> {
    const answer = await requestCheckout();
    setPending(false);
    return answer?.kind === 'sdk' ? answer.params : null;
  }
  const Continue =
    gateway?.continuation.kind === 'sdk' && gateway.clientOptions !== undefined
      ? continuations[gateway.continuation.sdk]
      : undefined;

  const planPrice = (p: PaidPlanId) => {
    const definition = plans[p];
    const price = money(definition.price[currency]);
    return definition.pricing === 'per_block'
      ? t('form.perBlockMonthly', { price, size: TEAM_BLOCK_SIZE })
      : t('form.perUserMonthly', { price });
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={checkout} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('form.heading')}</h2>

      <fieldset className={styles.fieldset}>
        <legend>{t('form.plan')}</legend>
        <div className={styles.choices}>
          {paidPlanIds.map((p) => (
            <label key={p} className={styles.choice} data-disabled={(p === 'team_pro' && !teamState) || undefined}>
              <input
                type="radio"
                name="plan"
                value={p}
                checked={plan === p}
                // Team Pro is bought for a team: without one (a link from a private chat) it cannot be.
                disabled={p === 'team_pro' && !teamState}
                onChange={() => setPlan(p)}
              />
              <span className={styles.choiceTitle}>{plansT(`names.${p}`)}</span>
              <span className={styles.choiceHint}>
                {p === 'team_pro' && !teamState ? t('form.teamRequired') : planPrice(p)}
              </span>
              {showFeatures && (
                // The list slides in under its plan, so the eye finds what the button added.
                <Animated as="ul" from={featuresFrom} className={styles.features} data-testid={`features-${p}`}>
                  <li>
                    {plans[p].dailyQueryLimit === null
                      ? plansT('features.unlimited')
                      : plansT('features.dailyLimit', { limit: plans[p].dailyQueryLimit })}
                  </li>
                  {plans[p].features.map((feature) => (
                    <li key={feature}>{plansT(`features.${feature}`)}</li>
                  ))}
                </Animated>
              )}
            </label>
          ))}
        </div>
        <button
          type="button"
          className={styles.linkButton}
          aria-expanded={showFeatures}
          onClick={() => setShowFeatures((v) => !v)}
        >
          {showFeatures ? t('form.hideFeatures') : t('form.showFeatures')}
        </button>
      </fieldset>

      {mustCancel && (
        <div className={styles.notice} role="note">
          <p>{t('form.mustCancel')}</p>
          <button type="button" className="button" onClick={() => setDialogOpen(true)}>
            {t('form.cancelFirst')}
          </button>
        </div>
      )}

      <fieldset className={styles.fieldset}>
        <legend>{t('form.period')}</legend>
        <div className={styles.choices}>
          {purchasePeriodIds.map((p) => {
            const { months, paidMonths } = periods[p];
            return (
              <label key={p} className={styles.choice}>
                <input
                  type="radio"
                  name="period"
                  value={p}
                  checked={effectivePeriod === p}
                  onChange={() => setPeriod(p)}
                />
                <span className={styles.choiceTitle}>
                  {months === paidMonths
                    ? t('form.periodMonths', { months })
                    : t('form.periodBonus', { months, bonus: months - paidMonths })}
                </span>
              </label>
            );
          })}
          {canKeep && (
            <label className={styles.choice}>
              <input
                type="radio"
                name="period"
                value="period3"
                checked={effectivePeriod === 'period3'}
                onChange={() => setPeriod('period3')}
              />
              <span className={styles.choiceTitle}>{t('form.periodKeep')}</span>
              <span className={styles.choiceHint}>{t('form.periodKeepHint')}</span>
            </label>
          )}
        </div>
      </fieldset>

      {plan === 'team_pro' && teamState && (
        <fieldset className={styles.fieldset}>
          <legend>{t('form.teamSize')}</legend>
          <label className={styles.inline}>
            <input type="checkbox" checked={growTeam} onChange={(e) => setGrowTeam(e.target.checked)} />
            {t('form.increaseSeats')}
          </label>
          <label className={styles.field} htmlFor={`${id}-seats`}>
            {t('form.seatsLabel')}
          </label>
          <input
            id={`${id}-seats`}
            className={styles.input}
            type="number"
            inputMode="numeric"
            min={teamState.seats + 1}
            step={1}
            value={seatsText}
            placeholder={String(teamState.seats + 1)}
            disabled={!growTeam}
            aria-invalid={Boolean(seatsError)}
            aria-describedby={`${id}-seats-hint${seatsError ? ` ${id}-seats-error` : ''}`}
            onChange={(e) => setSeatsText(e.target.value)}
          />
          <p id={`${id}-seats-hint`} className={styles.hint}>
            {t('form.seatsHint', { current: teamState.seats, size: TEAM_BLOCK_SIZE })}
          </p>
          {seatsError && (
            <p id={`${id}-seats-error`} className={styles.error} role="alert">
              {seatsError}
            </p>
          )}
        </fieldset>
      )}

      <fieldset className={styles.fieldset}>
        <legend>{t('form.gateway')}</legend>
        <div className={styles.choices}>
          {choices.map((choice) => (
            <label key={choice.id} className={styles.choice} data-disabled={!choice.available || undefined}>
              <input
                type="radio"
                name="gateway"
                value={choice.id}
                disabled={!choice.available}
                checked={gateway?.id === choice.id}
                onChange={() => {
                  setGatewayId(choice.id);
                  setMethod(choice.methods[0] ?? '');
                }}
              />
              <span className={styles.choiceTitle}>{t(`form.gateways.${choice.id as GatewayKey}`)}</span>
              {!choice.available && <span className={styles.choiceHint}>{t('form.gatewayUnavailable')}</span>}
            </label>
          ))}
        </div>
      </fieldset>

      {gateway && (
        <fieldset className={styles.fieldset}>
          <legend>{t('form.method')}</legend>
          <div className={styles.choices}>
            {gateway.methods.map((m) => (
              <label key={m} className={styles.choice}>
                <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} />
                <span className={styles.choiceTitle}>{t(`form.methods.${m as MethodKey}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <div className={styles.summary} aria-live="polite">
        {priced?.ok && !refusal ? (
          <>
            <p className={styles.total}>
              {t.rich('form.quote', {
                amount: money(priced.amount),
                output: (chunks) => <output data-testid="quote-amount">{chunks}</output>,
              })}
            </p>
            {plan === 'team_pro' && (
              <p className={styles.hint} data-testid="quote-seats">
                {t('form.quoteTeam', { blocks: priced.blocks, seats: priced.seats })}
              </p>
            )}
            <p className={styles.hint}>
              {t('form.newExpiry', { date: format.dateTime(priced.expiresAt, { dateStyle: 'long' }) })}
            </p>
          </>
        ) : (
          refusal && <p className={styles.error}>{refusal}</p>
        )}
      </div>

      <CompanyDetailsFields />

      <StandingNotice
        renewal={underWay.renewal}
        pending={underWay.pending}
        payAgainOffered={payAgainOffered}
        payAgain={payAgain}
        onPayAgain={setPayAgain}
      />

      {serverError && (
        <p className={styles.error} role="alert">
          {serverError}
        </p>
      )}

      {adminsOnly ? (
        <TeamAdminsOnly admins={adminsOnly.admins} />
      ) : underWay.renewal ? null : Continue ? (
        <Continue
          options={gateway?.clientOptions}
          disabled={!canPay && !pending}
          terms={
            priced?.ok && priced.months > 0
              ? {
                  amount: priced.amount,
                  currency: priced.currency,
                  months: priced.months,
                  next: addMonths(now, priced.months).toISOString(),
                }
              : null
          }
          startCheckout={sdkCheckout}
        />
      ) : (
        <button type="submit" className="button button--primary" disabled={!canPay} aria-busy={pending}>
          {pending ? t('form.pending') : t('form.checkout')}
        </button>
      )}

      {mustCancel && (
        <CancelPlanDialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          expiresAt={userState.expiresAt ? format.dateTime(userState.expiresAt, { dateStyle: 'long' }) : ''}
        />
      )}
    </form>
  );
}
