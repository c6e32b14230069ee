import { useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import {
  IDEMPOTENCY_HEADER,
  type CheckoutRequest,
  type CheckoutResponse,
  type CheckoutStart,
} from '@/lib/shared/checkout';
import { apiHeaders } from '@/lib/client/api-headers';

const newKey = () => crypto.randomUUID();

/**
 * The pay form's checkout request: one idempotency key per attempt (a double click or a retry of the
 * same attempt makes one order), whether a request is under way, the server's refusal in words, and
 * the "pay again anyway" choice the server offers when it finds a payment of this plan still being
 * confirmed that the page had not seen (another browser).
 */
export function useCheckout() {
  const t = useTranslations('PayPage');
  const locale = useLocale() as Locale;
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [payAgainOffered, setPayAgainOffered] = useState(false);
  const [payAgain, setPayAgain] = useState(false);
  const idempotencyKey = useRef('');

  /** POSTs the selection once per attempt; the answer, or null after showing why it failed. */
  async function request(body: CheckoutRequest): Promise<CheckoutStart | null> {
    setPending(true);
    setServerError(null);
    idempotencyKey.current ||= newKey();
    try {
      const response = await fetch('/api/checkout', {
        method: 'POST',
        headers: { ...apiHeaders(locale, { json: true }), [IDEMPOTENCY_HEADER]: idempotencyKey.current },
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

  return {
    pending,
    serverError,
    payAgainOffered,
    payAgain,
    setPayAgain,
    request,
    /** The request is over without leaving the page (an SDK's component takes over from here). */
    settled: () => setPending(false),
  };
}
