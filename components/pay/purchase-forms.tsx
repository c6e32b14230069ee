import { isActive } from '@/lib/pricing/plan-state';
import type { PayFormProps } from '@/lib/shared/pay-form';
import { CheckoutForm } from './checkout-form';
import { PackForm } from './pack-form';
import styles from './pay.module.css';

/**
 * What the payer can buy: plans and query packs. An account without a running paid plan lives on
 * the free daily allowance, so it meets the packs first, as its top-up, and the plans below them;
 * every other account meets its plan first and the packs after it.
 */
export function PurchaseForms({ form }: { form: PayFormProps }) {
  const { plan, expiresAt } = form.user;
  const topUp = !isActive({ plan, expiresAt: expiresAt ? new Date(expiresAt) : null }, new Date(form.now));
  const packs = <PackForm form={form} topUp={topUp} />;
  return (
    <div className={styles.purchases} data-order={topUp ? 'packs-first' : 'plans-first'}>
      {topUp && packs}
      <CheckoutForm {...form} mainAction={!topUp} />
      {!topUp && packs}
    </div>
  );
}
