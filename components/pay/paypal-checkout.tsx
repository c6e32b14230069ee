'use client';
import { useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useDay } from '@/lib/i18n/day';
import { useMoney } from '@/lib/i18n/money';
import { DISPATCH_ACTION, PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import type { Locale } from '@/lib/i18n/locales';
import type { PaypalCheckoutParams, PaypalClientOptions, PaypalOneOffParams } from '@/lib/shared/paypal-browser';
import type { ContinuationProps } from './continuations';
import { PaypalLoading } from './paypal-loading';
import styles from './pay.module.css';
import { apiHeaders } from '@/lib/client/api-headers';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The seam carries the SDK's options opaquely (lib/shared/gateway-offer.ts): checked here, where they are read. */
function clientOptions(value: unknown): PaypalClientOptions | null {
  if (!isRecord(value) || typeof value.clientId !== 'string') return null;
  if (value.environment !== 'sandbox' && value.environment !== 'production') return null;
  if (value.sdkBaseUrl !== undefined && typeof value.sdkBaseUrl !== 'string') return null;
  return {
    clientId: value.clientId,
    environment: value.environment,
    ...(value.sdkBaseUrl ? { sdkBaseUrl: value.sdkBaseUrl } : {}),
  };
}

/** The checkout's `params`, likewise opaque until here. */
function checkoutParams(value: unknown): PaypalCheckoutParams | null {
  if (!isRecord(value)) return null;
  const { planId, quantity, customId, startTime } = value;
  if (startTime !== undefined && typeof startTime !== 'string') return null;
  return typeof planId === 'string' && typeof quantity === 'number' && typeof customId === 'string'
    ? { planId, quantity, customId, ...(startTime ? { startTime } : {}) }
    : null;
}

/** A one-off payment's `params`: the PayPal order the server created (PayPal's ids: upper-case letters, digits). */
function oneOffParams(value: unknown): PaypalOneOffParams | null {
  if (!isRecord(value)) return null;
  const { paypalOrderId, customId } = value;
  return typeof paypalOrderId === 'string' && /^[A-Z0-9]{1,36}$/.test(paypalOrderId) && typeof customId === 'string'
    ? { paypalOrderId, customId }
    : null;
}

/**
 * PayPal's subscription buttons (docs/payments.md#paypal, the SDK v5 API): the site's checkout chooses
 * the plan and quantity and names the order; the buttons create the subscription; onApprove hands
 * its id to the server, which confirms it with PayPal before anything is granted. The SDK loads
 * only when the payer picks PayPal (./continuations.ts). A one-off payment (query packs,
 * `oneOff`) loads it for one capture instead (intent=capture, no vault): the server has created the
 * PayPal order at the order's price, the buttons' createOrder hands PayPal its id, and onApprove asks
 * the server to capture it (docs/payments.md#paypal-one-off-payments-query-packs).
 */
/** The window property the one-off SDK loads under, beside the subscriptions' `paypal`. */
const ONE_OFF_NAMESPACE = 'paypalOnce';

export function PaypalCheckout({ options: sent, disabled, terms, oneOff = false, startCheckout }: ContinuationProps) {
  const options = clientOptions(sent);
  // The server sends these with the gateway: without them PayPal cannot load, as when it is blocked.
  if (!options) return <Unavailable />;
  return (
    <PayPalScriptProvider
      options={{
        clientId: options.clientId,
        // The SDK is loaded for one kind of payment: a subscription (vaulted), or a single capture. The
        // pay page can show both at once (a plan and packs): PayPal keeps one configuration per
        // namespace, so the single capture's SDK loads under its own.
        ...(oneOff ? { intent: 'capture', dataNamespace: ONE_OFF_NAMESPACE } : { vault: true, intent: 'subscription' }),
        environment: options.environment,
        ...(options.sdkBaseUrl ? { sdkBaseUrl: options.sdkBaseUrl } : {}),
      }}
    >
      <Buttons disabled={disabled} terms={terms} oneOff={oneOff} startCheckout={startCheckout} />
    </PayPalScriptProvider>
  );
}

function Unavailable({ onRetry }: { onRetry?: () => void }) {
  const t = useTranslations('PayPage.form');
  return (
    <div className={styles.notice} role="alert" data-testid="paypal-unavailable">
      <p>{t('paypalUnavailable')}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('paypalRetry')}
        </button>
      )}
    </div>
  );
}

function Buttons({ disabled, terms, oneOff, startCheckout }: Omit<ContinuationProps, 'options'>) {
  const t = useTranslations('PayPage.form');
  const money = useMoney();
  const day = useDay();
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
    return <Unavailable onRetry={() => dispatch({ type: DISPATCH_ACTION.RESET_OPTIONS, value: options })} />;
  }

  /** What PayPal approved: `{subscriptionId}`, or a one-off payment's `{paypalOrderId}`. */
  async function confirm(approved: { subscriptionId: string } | { paypalOrderId: string }) {
    setConfirming(true);
    setMessage(null);
    try {
      const response = await fetch('/api/payments/paypal/confirm', {
        method: 'POST',
        headers: apiHeaders(locale, { json: true }),
        body: JSON.stringify({ orderId: orderId.current, ...approved }),
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
      {/* A one-off payment renews nothing: no renewal terms, whatever the form computed. */}
      {terms && !oneOff && (
        <p className={styles.hint} data-testid="renewal-terms">
          {t(terms.startsAt ? 'paypalStartsLater' : 'paypalRenews', {
            amount: money(terms.amount, terms.currency),
            months: terms.months,
            date: day(terms.startsAt ?? terms.next),
          })}
        </p>
      )}
      {isPending && <PaypalLoading />}
      {confirming ? (
        <p role="status">{t('paypalConfirming')}</p>
      ) : oneOff ? (
        <PayPalButtons
          style={{ label: 'pay' }}
          disabled={disabled}
          // The server created the PayPal order at the order's price: the buttons only name it.
          createOrder={async () => {
            refused.current = false;
            setMessage(null);
            const params = oneOffParams(await startCheckout());
            if (!params) {
              refused.current = true;
              throw new Error('checkout refused');
            }
            orderId.current = params.customId;
            return params.paypalOrderId;
          }}
          onApprove={async (data) => {
            if (data.orderID) await confirm({ paypalOrderId: data.orderID });
          }}
          onCancel={() => setMessage(t('paypalCancelled'))}
          onError={() => {
            if (!refused.current) setMessage(t('paypalError'));
          }}
        />
      ) : (
        <PayPalButtons
          style={{ label: 'subscribe' }}
          disabled={disabled}
          createSubscription={async (_data, actions) => {
            refused.current = false;
            setMessage(null);
            const params = checkoutParams(await startCheckout());
            if (!params) {
              refused.current = true;
              throw new Error('checkout refused');
            }
            orderId.current = params.customId;
            return actions.subscription.create({
              plan_id: params.planId,
              quantity: String(params.quantity),
              custom_id: params.customId,
              // Paid ahead: PayPal's first charge waits for the end of the paid time (chosen by the server).
              ...(params.startTime ? { start_time: params.startTime } : {}),
            });
          }}
          onApprove={async (data) => {
            if (data.subscriptionID) await confirm({ subscriptionId: data.subscriptionID });
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
