import type { GatewayChoice } from '@/lib/shared/gateway-offer';
import { PayControl } from './checkout-summary';
import { CompanyDetailsFields } from './company-fields';
import { continuations, type ContinuationProps } from './continuations';
import { StandingNotice } from './standing-notice';
import type { Payment } from './use-payment';
import styles from './pay.module.css';

/** The chosen gateway's SDK component, when it continues with one and sent its options. */
const continuationOf = (gateway: GatewayChoice | null) =>
  gateway?.continuation.kind === 'sdk' && gateway.clientOptions !== undefined
    ? continuations[gateway.continuation.sdk]
    : undefined;

/**
 * The end of every pay form (the plans', the packs'): the company details for the receipt, what is
 * still under way for the product, the server's refusal, and the way to pay — the submit button, or
 * the chosen gateway's SDK component.
 */
export function PaymentFinish({
  payment,
  gateway,
  adminsOnly,
  terms,
  price,
  oneOff = false,
  submitLabel,
  mainAction = false,
}: {
  payment: Payment;
  gateway: GatewayChoice | null;
  /** The team's admins, when the payer may not pay for the team. */
  adminsOnly?: { admins: string[] } | undefined;
  terms: ContinuationProps['terms'];
  price: ContinuationProps['price'];
  /** One payment that never renews (query packs). */
  oneOff?: boolean;
  /** The submit button's words, when not the plans' "Continue to payment". */
  submitLabel?: string;
  /** The page's main action (continuations.ts, ContinuationProps.mainAction). */
  mainAction?: boolean;
}) {
  const { checkout, underWay, canPay } = payment;
  return (
    <>
      <CompanyDetailsFields invalid={payment.billingInvalid} />
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
        adminsOnly={adminsOnly}
        renewalRunning={underWay.renewal !== null}
        continuation={continuationOf(gateway)}
        continuationProps={{
          options: gateway?.clientOptions,
          disabled: !canPay && !checkout.pending,
          terms,
          price,
          oneOff,
          mainAction,
          startCheckout: payment.sdkCheckout,
        }}
        canPay={canPay}
        pending={checkout.pending}
        submitLabel={submitLabel}
      />
    </>
  );
}
