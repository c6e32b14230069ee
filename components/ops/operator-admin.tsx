import { operatorRoles, type ConsoleOperator, type OpsLocale, type OpsTranslate } from '@/lib/shared/ops-console';
import { ActionForm } from './action-form';
import { actionLabels } from './action-labels';
import { DataTable } from './data-table';
import { when } from './format';
import styles from './ops.module.css';

/**
 * The operators, for an admin: who may sign in, with what role and how many passkeys, a revoke
 * button for each other active one, and the form that makes a single-use invitation link.
 */
export function OperatorAdmin(props: { t: OpsTranslate; locale: OpsLocale; me: string; operators: ConsoleOperator[] }) {
  const { t, locale } = props;
  const rows = props.operators.map((operator) => [
    operator.name,
    t(`roles.${operator.role}`),
    operator.revokedAt ? t('operators.revokedOn', { at: when(locale, operator.revokedAt) }) : t('operators.active'),
    String(operator.passkeys),
    operator.lastSignIn ? when(locale, operator.lastSignIn) : t('operators.never'),
    operator.revokedAt || operator.name === props.me ? (
      '—'
    ) : (
      <ActionForm
        key={operator.id}
        endpoint="/api/ops/operators/revoke"
        payload={{ name: operator.name }}
        labels={actionLabels(t, t('operators.revoke', { name: operator.name }))}
        danger
      />
    ),
  ]);
  return (
    <>
      <section className={styles.card} aria-labelledby="invite">
        <h2 id="invite">{t('operators.inviteTitle')}</h2>
        <p>{t('operators.inviteLead')}</p>
        <ActionForm
          endpoint="/api/ops/operators/invite"
          payload={{}}
          labels={{ ...actionLabels(t, t('operators.invite')), link: t('operators.link') }}
        >
          <label className={styles.field}>
            {t('operators.name')}
            <input name="name" required maxLength={40} pattern="[A-Za-z0-9][A-Za-z0-9._\-]{0,39}" autoComplete="off" />
          </label>
          <label className={styles.field}>
            {t('operators.role')}
            <select name="role" required defaultValue="viewer">
              {operatorRoles.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          </label>
        </ActionForm>
      </section>
      <section className={styles.card} aria-label={t('operators.title')}>
        <DataTable
          caption={t('operators.caption')}
          head={[
            t('operators.name'),
            t('operators.role'),
            t('operators.state'),
            t('operators.passkeys'),
            t('operators.lastSignIn'),
            t('operators.actions'),
          ]}
          rows={rows}
          empty={t('operators.none')}
        />
      </section>
    </>
  );
}
