import type { OpsTranslate } from '@/lib/shared/ops-console';
import type { OrderQuery } from '@/lib/shared/ops-console';
import styles from './ops.module.css';

const statuses = ['pending', 'paid', 'needs_review', 'failed'] as const;

/** The orders search: a plain GET form, so a search is a link an operator can share with another. */
export function OrderSearch({ t, query, gateways }: { t: OpsTranslate; query: OrderQuery; gateways: string[] }) {
  const text = (name: 'reference' | 'user' | 'team', label: string) => (
    <label>
      {label}
      <input name={name} defaultValue={query[name] ?? ''} autoComplete="off" spellCheck={false} />
    </label>
  );
  return (
    <form className={styles.form} method="get" action="/ops/orders" role="search" aria-label={t('orders.search')}>
      {text('reference', t('orders.reference'))}
      {text('user', t('orders.user'))}
      {text('team', t('orders.team'))}
      <label>
        {t('orders.status')}
        <select name="status" defaultValue={query.status ?? ''}>
          <option value="">{t('orders.any')}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('orders.gateway')}
        <select name="gateway" defaultValue={query.gateway ?? ''}>
          <option value="">{t('orders.any')}</option>
          {gateways.map((gateway) => (
            <option key={gateway} value={gateway}>
              {gateway}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('orders.from')}
        <input type="date" name="from" defaultValue={query.from ?? ''} />
      </label>
      <label>
        {t('orders.to')}
        <input type="date" name="to" defaultValue={query.to ?? ''} />
      </label>
      <div>
        <button type="submit" className={styles.button}>
          {t('orders.submit')}
        </button>
      </div>
    </form>
  );
}
