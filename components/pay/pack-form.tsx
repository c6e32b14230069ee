'use client';
import { useId, useMemo, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { useMoney } from '@/lib/i18n/money';
import { PACK, plans, queryPack } from '@/lib/pricing/catalogue';
import { packDraft } from '@/lib/pricing/pack-draft';
import { preferredGateway } from '@/lib/shared/gateway-offer';
import type { PayFormProps } from '@/lib/shared/pay-form';
import { GatewayChoices } from './checkout-choices';
import { PackQuantity, PackSummary } from './pack-choices';
import { PaymentFinish } from './payment-finish';
import { usePayment } from './use-payment';
import { useGatewayChoice } from './use-selection';
import styles from './pay.module.css';

/**
 * Query packs (pay-as-you-go): extra queries for the payer's own account, whatever its plan, in one
 * payment that never renews. A free account meets them first, as the top-up of its daily
 * allowance; the prices, contents and limits are the catalogue's, the quote packQuote's (the
 * server's own), and the payment the plan form's (usePayment, PaymentFinish).
 */
export function PackForm({
  form,
  topUp,
  mainAction = topUp,
}: {
  form: PayFormProps;
  topUp: boolean;
  /** Shown first, the packs own Telegram's main button (continuations.ts, ContinuationProps.mainAction). */
  mainAction?: boolean;
}) {
  const t = useTranslations('PayPage.packs');
  const plansT = useTranslations('Plans');
  const locale = useLocale() as Locale;
  const localeCurrency = localeInfo(locale).currency;
  const money = useMoney();
  const id = useId();
  const now = useMemo(() => new Date(form.now), [form.now]);
  const [quantity, setQuantity] = useState('1');
  const { gateway, method, chooseGateway, setMethod } = useGatewayChoice(form.gateways, () =>
    preferredGateway(form.gateways, localeCurrency),
  );
  const draft = packDraft({ quantity, gateway, currency: localeCurrency, now });
  const formRef = useRef<HTMLFormElement>(null);
  const payment = usePayment({
    formRef,
    selection: { plan: PACK, quantity: draft.priced?.quantity ?? 0 },
    payable: draft.canPay,
    gateway,
    method,
    standing: form.standing,
  });
  const offer = {
    queries: queryPack.queries,
    price: money(queryPack.price[draft.currency], draft.currency),
    months: queryPack.validMonths,
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(event) => void payment.submit(event)}
      noValidate
      aria-labelledby={`${id}-heading`}
      data-testid="pack-form"
    >
      <div>
        <h2 id={`${id}-heading`}>
          {topUp ? t('freeHeading', { limit: plans.free.dailyQueryLimit, ...offer }) : t('heading')}
        </h2>
        <p className={styles.hint}>
          {topUp ? t('freeTerms', { months: queryPack.validMonths }) : plansT('features.payAsYouGo', offer)}
        </p>
        {!topUp && <p className={styles.hint}>{t('once')}</p>}
      </div>
      <PackQuantity quantity={quantity} onQuantity={setQuantity} invalid={draft.quantityInvalid} />
      <GatewayChoices
        choices={form.gateways}
        gateway={gateway}
        method={method}
        onGateway={chooseGateway}
        onMethod={setMethod}
      />
      <PackSummary priced={draft.priced} refusal={draft.refusal} />
      <PaymentFinish
        payment={payment}
        gateway={gateway}
        terms={null}
        oneOff
        mainAction={mainAction}
        submitLabel={t('buy', { packs: draft.priced?.quantity ?? 1 })}
        price={draft.priced && !draft.refusal ? { amount: draft.priced.amount, currency: draft.priced.currency } : null}
      />
    </form>
  );
}
