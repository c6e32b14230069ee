'use client';
import { useRef, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useMoney } from '@/lib/i18n/money';
import type { Currency } from '@/lib/pricing/catalogue';
import { DISPATCH_ACTION, PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import type { PaypalCheckoutParams } from '@/lib/shared/checkout';
import type { PaypalClientOptions } from '@/lib/shared/pay-form';
import { PaypalLoading } from './paypal-loading';
import styles from './pay.module.css';

/** What the subscription will charge after the first payment, shown before the payer approves. */
export interface RenewalTerms {
  amount: number;
  currency: Currency;
  months: number;
  /** ISO 8601: when PayPal charges the second time. */
  next: string;
}

interface Props {
  options: PaypalClientOptions;
  disabled: boolean;
  terms: RenewalTerms | null;
  /** Runs the site's checkout; null when it was refused (the form shows why). */
  startCheckout: () => Promise<PaypalCheckoutParams | null>;
}

/**
 * PayPal's subscription buttons (docs/payments.md#paypal, the SDK v5 API): the site's checkout chooses
 * the plan and quantity and names the order; the buttons create the subscription; onApprove hands
 * its id to the server, which confirms it with PayPal before anything is granted. The SDK loads
 * only when the payer picks PayPal.
 */
export function PaypalCheckout({ options, disabled, terms, startCheckout }: Props) {
  return (
    <PayPalScriptProvider
      options={{
        clientId: options.clientId,
        vault: true,
        intent: 'subscription',
        environment: options.environment,
        ...(options.sdkBaseUrl ? { sdkBaseUrl: options.sdkBaseUrl } : {}),
      }}
    >
      <Buttons disabled={disabled} terms={terms} startCheckout={startCheckout} />
    </PayPalScriptProvider>
  );
}

function Buttons({ disabled, terms, startCheckout }: Omit<Props, 'options'>) {
  const t = useTranslations('PayPage.form');
  const money = useMoney();
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const [{ isPending, isRejected, options }, dispatch] = usePayPalScriptReducer();
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const orderId = useRef('');
  // A checkout the site refused is already explained by the form; PayPal's onError must not override it.
  const refused = useRef(false);

  if (isRejected) {
    // Blocked by an extension, a network or PayPal itself (docs/payments.md#paypal): say so, offer a retry,
    // and the gateway choice above stays usable.
    return (
      <div className={styles.notice} role="alert" data-testid="paypal-unavailable">
        <p>{t('paypalUnavailable')}</p>
        <button
          type="button"
          className="button"
          onClick={() => dispatch({ type: DISPATCH_ACTION.RESET_OPTIONS, value: options })}
        >
          {t('paypalRetry')}
        </button>
      </div>
    );
  }

  async function confirm(subscriptionId: string) {
    setConfirming(true);
    setMessage(null);
    try {
      const response = await fetch('/api/payments/paypal/confirm', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': localeInfo(locale).tag },
        body: JSON.stringify({ orderId: orderId.current, subscriptionId }),
      });
      const answer = (await response.json()) as { redirectUrl: string } | { error: { message: string } };
      if ('redirectUrl' in answer) {
        window.location.assign(answer.redirectUrl);
        return;
      }
      setMessage(answer.error.message);
    } catch {
      setMessage(t('networkError'));
    }
    setConfirming(false);
  }

  return (
    <div className={styles.paypal} data-testid="paypal-checkout">
      {terms && (
        <p className={styles.hint} data-testid="renewal-terms">
          {t('paypalRenews', {
            amount: money(terms.amount, terms.currency),
            months: terms.months,
            date: format.dateTime(new Date(terms.next), { dateStyle: 'long' }),
          })}
        </p>
      )}
      {isPending && <PaypalLoading />}
      {confirming ? (
        <p role="status">{t('paypalConfirming')}</p>
      ) : (
        <PayPalButtons
          style={{ label: 'subscribe' }}
          disabled={disabled}
          createSubscription={async (_data, actions) => {
            refused.current = false;
            setMessage(null);
            const params = await startCheckout();
            if (!params) {
              refused.current = true;
              throw new Error('checkout refused');
            }
            orderId.current = params.customId;
            return actions.subscription.create({
              plan_id: params.planId,
              quantity: String(params.quantity),
              custom_id: params.customId,
            });
          }}
          onApprove={async (data) => {
            if (data.subscriptionID) await confirm(data.subscriptionID);
          }}
          onCancel={() => setMessage(t('paypalCancelled'))}
          onError={() => {
            if (!refused.current) setMessage(t('paypalError'));
          }}
        />
      )}
      {message && (
        <p className={styles.error} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
