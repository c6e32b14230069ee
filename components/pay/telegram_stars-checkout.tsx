'use client';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslations } from 'next-intl';
import { usePathname, useRouter } from 'next/navigation';
import { useMoney } from '@/lib/i18n/money';
import { openTelegramInvoice, telegramMainButton } from '@/lib/client/telegram';
import { starsClientOptions, starsInvoiceParams } from '@/lib/shared/telegram_stars-invoice';
import type { ContinuationProps } from './continuations';
import styles from './pay.module.css';

type Problem = 'cancelled' | 'failed' | 'outside';

/**
 * Telegram Stars inside the Mini App (docs/payments.md#telegram-stars): says before paying whether
 * the purchase renews every 30 days or is one payment; the site's checkout makes the invoice, and
 * Telegram's own payment sheet takes the stars (the SDK's `invoice.open`). Once the sheet says paid,
 * the page shows the result the server reads from its ledger, as after every other gateway.
 */
export function StarsCheckout({ options, disabled, terms, price, mainAction, startCheckout }: ContinuationProps) {
  const t = useTranslations('PayPage.form.stars');
  const money = useMoney();
  const router = useRouter();
  const pathname = usePathname();
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const facts = starsClientOptions(options);
  const renews = Boolean(facts && terms && facts.renewingMonths.includes(terms.months));
  const amount = price ? money(price.amount, price.currency) : null;

  async function pay() {
    setOpening(true);
    setProblem(null);
    const params = starsInvoiceParams(await startCheckout());
    // Refused: the form above says why.
    if (!params) return setOpening(false);
    const outcome = await openTelegramInvoice(params.invoiceUrl);
    if (outcome === 'paid' || outcome === 'pending') {
      router.push(`${pathname}?status=processing&order=${params.orderId}`);
      return;
    }
    setOpening(false);
    setProblem(outcome === 'unavailable' ? 'outside' : outcome);
  }

  // Telegram's main button pays too, as Telegram's own apps place a Mini App's primary action; the
  // page's button stays for keyboards and screen readers, which Telegram's native button is outside of.
  const pressed = useEffectEvent(() => {
    if (!opening) void pay();
  });
  const label = mainAction && amount && !disabled ? (opening ? t('confirming') : t('pay', { amount })) : null;
  useEffect(
    () => telegramMainButton(label ? { text: label, enabled: !opening, busy: opening } : null, () => pressed()),
    [label, opening],
  );

  return (
    <div className={styles.stars} data-testid="stars-checkout">
      {amount && (
        <p className={styles.hint} data-testid="stars-terms">
          {renews && facts ? t('renews', { days: facts.everyDays, amount }) : t('once', { amount })}
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={disabled || opening || !amount}
        aria-busy={opening}
        onClick={() => void pay()}
      >
        {opening ? t('confirming') : t('pay', { amount: amount ?? '' })}
      </button>
      {problem && (
        <p className={styles.error} role="alert">
          {t(problem)}
        </p>
      )}
    </div>
  );
}
