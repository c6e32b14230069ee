import { useState, type RefObject } from 'react';
import type { ProductId } from '@/lib/pricing/catalogue';
import { billingProblem, type BillingField } from '@/lib/shared/billing';
import type { CheckoutRequest } from '@/lib/shared/checkout';
import type { GatewayChoice } from '@/lib/shared/gateway-offer';
import { standingFor, type AccountStanding } from '@/lib/shared/pending-payment';
import { billingFromForm, focusField } from './company-fields';
import { useCheckout } from './use-checkout';

/** What a form chose to buy: a checkout request without the payment's part, which this hook adds. */
type CheckoutSelection = CheckoutRequest extends infer R
  ? R extends CheckoutRequest
    ? Omit<R, 'gateway' | 'method' | 'payAgain' | 'billing'>
    : never
  : never;

/**
 * The paying half every pay form shares (the plans', the packs'): what is under way for the product
 * (standingFor, the rule checkout applies), whether the selection can be paid now, and the checkout
 * itself — the company details checked before anything is sent, "pay again anyway", one
 * idempotency key per attempt (useCheckout), a redirect or the gateway's SDK.
 */
export function usePayment({
  formRef,
  selection,
  payable,
  gateway,
  method,
  standing,
}: {
  /** The form: its company details are read from it, and a field that breaks its rule is focused in it. */
  formRef: RefObject<HTMLFormElement | null>;
  selection: CheckoutSelection;
  /** The selection's own rules allow paying it (its draft's canPay). */
  payable: boolean;
  /** The available gateway chosen. */
  gateway: GatewayChoice | null;
  method: string;
  standing: AccountStanding;
}) {
  const [billingInvalid, setBillingInvalid] = useState<BillingField | null>(null);
  const checkout = useCheckout();
  const product: ProductId = selection.plan;
  const underWay = standingFor(standing, product, gateway);
  const mustChoosePayAgain = Boolean(underWay.pending || checkout.payAgainOffered);
  const canPay =
    payable && method !== '' && !checkout.pending && !underWay.renewal && (!mustChoosePayAgain || checkout.payAgain);

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
    const body = {
      ...selection,
      gateway: gateway.id,
      method,
      ...(mustChoosePayAgain && checkout.payAgain ? { payAgain: true as const } : {}),
      ...(billing ? { billing } : {}),
    } as CheckoutRequest;
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

  return { billingInvalid, checkout, underWay, canPay, submit, sdkCheckout };
}

export type Payment = ReturnType<typeof usePayment>;
