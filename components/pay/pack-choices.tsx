import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { useDay } from '@/lib/i18n/day';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { useMoney } from '@/lib/i18n/money';
import { queryPack } from '@/lib/pricing/catalogue';
import type { PackDraft, PackRefusal } from '@/lib/pricing/pack-draft';
import styles from './pay.module.css';

const clamp = (quantity: number) => Math.min(queryPack.maxQuantity, Math.max(1, quantity));

/**
 * How many packs: a labelled number field between a "one fewer" and a "one more" button (the
 * field alone takes the keyboard's arrows too). A quantity that is not on sale says so under it.
 */
export function PackQuantity({
  quantity,
  onQuantity,
  invalid,
}: {
  /** The quantity typed. */
  quantity: string;
  onQuantity: (quantity: string) => void;
  invalid: boolean;
}) {
  const t = useTranslations('PayPage.packs');
  const id = useId();
  const typed = Number(quantity);
  const step = (by: number) => onQuantity(String(clamp(Number.isInteger(typed) ? typed + by : 1)));
  const described = `${id}-hint${invalid ? ` ${id}-error` : ''}`;
  return (
    <div>
      <label className={styles.field} htmlFor={`${id}-quantity`}>
        {t('quantity')}
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t('fewer')}
          aria-controls={`${id}-quantity`}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          id={`${id}-quantity`}
          name="quantity"
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          max={queryPack.maxQuantity}
          step={1}
          value={quantity}
          aria-invalid={invalid}
          aria-describedby={described}
          onChange={(event) => onQuantity(event.target.value)}
        />
        <button
          type="button"
          className={styles.stepButton}
          aria-label={t('more')}
          aria-controls={`${id}-quantity`}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('quantityHint', { queries: queryPack.queries, maxPacks: queryPack.maxQuantity })}
      </p>
      {invalid && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {t('quantityError', { maxPacks: queryPack.maxQuantity })}
        </p>
      )}
    </div>
  );
}

/** A gateway's limit in the payer's words: the fewest packs it takes, or the plan form's general words. */
function useRefusalText(): (refusal: PackRefusal) => React.ReactNode {
  const t = useTranslations('PayPage');
  const money = useMoney();
  return (refusal) => {
    if (refusal.code === 'above_gateway_max') return t('packs.aboveMax', { max: money(refusal.max, refusal.currency) });
    const min = money(refusal.min, refusal.currency);
    return refusal.fewest === null
      ? t('form.belowMin', { min })
      : isolated(t('packs.belowMin', { gateway: VALUE, min, fewest: refusal.fewest }), refusal.gateway, 'ltr');
  };
}

/** The live quote of the packs (the total, their queries and until when), or why they cannot be paid. */
export function PackSummary({ priced, refusal }: Pick<PackDraft, 'priced' | 'refusal'>) {
  const t = useTranslations('PayPage');
  const day = useDay();
  const money = useMoney();
  const refusalText = useRefusalText();
  return (
    <div className={styles.summary} aria-live="polite">
      {priced && !refusal ? (
        <>
          <p className={styles.total}>
            {t.rich('form.quote', {
              amount: money(priced.amount, priced.currency),
              output: (chunks) => <output data-testid="pack-quote-amount">{chunks}</output>,
            })}
          </p>
          <p className={styles.hint} data-testid="pack-quote-queries">
            {t('packs.quoteQueries', { queries: priced.queries, date: day(priced.expiresAt) })}
          </p>
        </>
      ) : (
        refusal && <p className={styles.error}>{refusalText(refusal)}</p>
      )}
    </div>
  );
}
