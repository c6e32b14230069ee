import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import linkButton from '@/components/layout/link-button.module.css';
import { useMoney } from '@/lib/i18n/money';
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
import type { GatewayChoice } from '@/lib/shared/gateway-offer';
import { Animated } from '@/components/motion/animated';
import styles from './pay.module.css';
import type messages from '@/messages/en.json';

// Gateways and methods arrive from the server's registry as data; each has its messages (the
// messages test keeps all 14 locales complete), so a new one is named by adding its keys.
type FormMessages = (typeof messages)['PayPage']['form'];
type GatewayKey = keyof FormMessages['gateways'];
type MethodKey = keyof FormMessages['methods'];

const featuresFrom = { opacity: 0, y: -6 };

/** The paid plans with their monthly price in `currency`, and their features on request. */
export function PlanChoice({
  plan,
  onPlan,
  hasTeam,
  currency,
}: {
  plan: PaidPlanId;
  onPlan: (plan: PaidPlanId) => void;
  /** Team Pro is bought for a team: without one (a link from a private chat) it cannot be. */
  hasTeam: boolean;
  currency: Currency;
}) {
  const t = useTranslations('PayPage');
  const plansT = useTranslations('Plans');
  const money = useMoney();
  const [showFeatures, setShowFeatures] = useState(false);
  const planPrice = (p: PaidPlanId) => {
    const definition = plans[p];
    const price = money(definition.price[currency], currency);
    return definition.pricing === 'per_block'
      ? t('form.perBlockMonthly', { price, size: TEAM_BLOCK_SIZE })
      : t('form.perUserMonthly', { price });
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('form.plan')}</legend>
      <div className={styles.choices}>
        {paidPlanIds.map((p) => (
          <label key={p} className={styles.choice} data-disabled={(p === 'team_pro' && !hasTeam) || undefined}>
            <input
              type="radio"
              name="plan"
              value={p}
              checked={plan === p}
              disabled={p === 'team_pro' && !hasTeam}
              onChange={() => onPlan(p)}
            />
            <span className={styles.choiceTitle}>{plansT(`names.${p}`)}</span>
            <span className={styles.choiceHint}>
              {p === 'team_pro' && !hasTeam ? t('form.teamRequired') : planPrice(p)}
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
        className={`${linkButton.linkButton} ${styles.featuresToggle}`}
        aria-expanded={showFeatures}
        onClick={() => setShowFeatures((v) => !v)}
      >
        {showFeatures ? t('form.hideFeatures') : t('form.showFeatures')}
      </button>
    </fieldset>
  );
}

/** The periods on sale, and "keep my plan, add seats" (period3) when the team's plan can be kept. */
export function PeriodChoice({
  period,
  onPeriod,
  canKeep,
}: {
  /** The period paid for (the draft's). */
  period: PeriodId;
  onPeriod: (period: PeriodId) => void;
  canKeep: boolean;
}) {
  const t = useTranslations('PayPage');
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('form.period')}</legend>
      <div className={styles.choices}>
        {purchasePeriodIds.map((p) => {
          const { months, paidMonths } = periods[p];
          return (
            <label key={p} className={styles.choice}>
              <input type="radio" name="period" value={p} checked={period === p} onChange={() => onPeriod(p)} />
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
              checked={period === 'period3'}
              onChange={() => onPeriod('period3')}
            />
            <span className={styles.choiceTitle}>{t('form.periodKeep')}</span>
            <span className={styles.choiceHint}>{t('form.periodKeepHint')}</span>
          </label>
        )}
      </div>
    </fieldset>
  );
}

/** Every gateway (the unavailable ones marked so), then the chosen one's payment methods. */
export function GatewayChoices({
  choices,
  gateway,
  method,
  onGateway,
  onMethod,
}: {
  choices: readonly GatewayChoice[];
  /** The available gateway chosen. */
  gateway: GatewayChoice | null;
  method: string;
  onGateway: (choice: GatewayChoice) => void;
  onMethod: (method: string) => void;
}) {
  const t = useTranslations('PayPage');
  return (
    <>
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
                onChange={() => onGateway(choice)}
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
                <input type="radio" name="method" value={m} checked={method === m} onChange={() => onMethod(m)} />
                <span className={styles.choiceTitle}>{t(`form.methods.${m as MethodKey}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </>
  );
}

/** Team Pro's size: the team's seats now, and more on request (in whole blocks, the hint says). */
export function TeamSize({
  current,
  grow,
  onGrow,
  seats,
  onSeats,
  invalid,
}: {
  /** The team's seats now. */
  current: number;
  /** The payer asked for more seats. */
  grow: boolean;
  onGrow: (grow: boolean) => void;
  /** The size typed. */
  seats: string;
  onSeats: (seats: string) => void;
  invalid: boolean;
}) {
  const t = useTranslations('PayPage');
  const id = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('form.teamSize')}</legend>
      <label className={styles.inline}>
        <input type="checkbox" checked={grow} onChange={(e) => onGrow(e.target.checked)} />
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
        min={current + 1}
        step={1}
        value={seats}
        placeholder={String(current + 1)}
        disabled={!grow}
        aria-invalid={invalid}
        aria-describedby={`${id}-seats-hint${invalid ? ` ${id}-seats-error` : ''}`}
        onChange={(e) => onSeats(e.target.value)}
      />
      <p id={`${id}-seats-hint`} className={styles.hint}>
        {t('form.seatsHint', { current, size: TEAM_BLOCK_SIZE })}
      </p>
      {invalid && (
        <p id={`${id}-seats-error`} className={styles.error} role="alert">
          {t('form.seatsError', { current })}
        </p>
      )}
    </fieldset>
  );
}
