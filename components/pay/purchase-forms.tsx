import { isActive } from '@/lib/pricing/plan-state';
import type { PayFormProps } from '@/lib/shared/pay-form';
import { CheckoutForm } from './checkout-form';
import { PackForm } from './pack-form';
import styles from './pay.module.css';

/**
 * What the payer can buy: plans and query packs. An account without a running paid plan lives on
 * the free daily allowance, so it meets the packs first, as its top-up, and the plans below them;
 * every other account meets its plan first and the packs after it, and so does a payer whose link
 * asked for a plan (the team page's "Add seats" or "Renew"): they came for it. The form shown first
 * owns Telegram's main button inside the Mini App.
 */
export function PurchaseForms({ form }: { form: PayFormProps }) {
  const { plan, expiresAt } = form.user;
  const topUp = !isActive({ plan, expiresAt: expiresAt ? new Date(expiresAt) : null }, new Date(form.now));
  const packsFirst = topUp && form.initial.plan === undefined;
  const packs = <PackForm form={form} topUp={topUp} mainAction={packsFirst} />;
  return (
    <div className={styles.purchases} data-order={packsFirst ? 'packs-first' : 'plans-first'}>
      {packsFirst && packs}
      <CheckoutForm {...form} mainAction={!packsFirst} />
      {!packsFirst && packs}
    </div>
  );
}
