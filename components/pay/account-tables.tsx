import { useFormatter, useTranslations } from 'next-intl';
import type { PlanId } from '@/lib/pricing/catalogue';
import { useDay } from '@/lib/i18n/day';
import { isActive } from '@/lib/pricing/quote';
import type { PayContextView } from '@/lib/shared/pay-view';
import { CopyButton } from './copy-button';
import styles from './pay.module.css';

/** The account and team the link was opened for. Every value is rendered as text. */
export function AccountTables({ context, now }: { context: PayContextView; now: Date }) {
  const t = useTranslations('PayPage');
  const plansT = useTranslations('Plans');
  const format = useFormatter();
  /** An expiry as the view carries it (an ISO string), written out in the page's locale. */
  const day = useDay();
  const { account, team } = context;
  const active = (plan: PlanId, iso: string | null) => isActive({ plan, expiresAt: iso ? new Date(iso) : null }, now);
  const expiry = (plan: PlanId, expiresAt: string | null) => {
    if (plan === 'free' || !expiresAt) return t('account.noExpiry');
    return active('team_pro', expiresAt) ? day(expiresAt) : t('account.expired', { date: day(expiresAt) });
  };

  return (
    <div className={styles.tables}>
      <section aria-labelledby="account-heading">
        <h2 id="account-heading">{t('account.heading')}</h2>
        <table className={styles.table} data-testid="account-table">
          <tbody>
            <tr>
              <th scope="row">{t('account.platform')}</th>
              <td className={styles.capitalize}>{account.platform}</td>
            </tr>
            <tr>
              <th scope="row">{t('account.username')}</th>
              <td>{account.username}</td>
            </tr>
            <tr>
              <th scope="row">{t('account.fullName')}</th>
              <td>{account.fullName}</td>
            </tr>
            <tr>
              <th scope="row">{t('account.referralCode')}</th>
              <td>
                <code>{account.referralCode}</code> <CopyButton text={account.referralCode} />
              </td>
            </tr>
            <tr>
              <th scope="row">{t('account.plan')}</th>
              <td>{plansT(`names.${account.plan}`)}</td>
            </tr>
            <tr>
              <th scope="row">{t('account.expiry')}</th>
              <td>{expiry(account.plan, account.planExpiresAt)}</td>
            </tr>
            {/* Query packs' unused queries, one row per expiry, soonest first (as the view sends them). */}
            {account.extraQueries?.map((extra) => (
              <tr key={extra.expiresAt} data-testid="extra-queries">
                <th scope="row">{t('account.extraQueries')}</th>
                <td>{t('account.extraQueriesLeft', { remaining: extra.remaining, date: day(extra.expiresAt) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="team-heading">
        <h2 id="team-heading">{t('team.heading')}</h2>
        {team ? (
          <table className={styles.table} data-testid="team-table">
            <tbody>
              <tr>
                <th scope="row">{t('team.name')}</th>
                <td>{team.name}</td>
              </tr>
              <tr>
                <th scope="row">{t('team.plan')}</th>
                <td>{plansT(`names.${team.plan}`)}</td>
              </tr>
              <tr>
                <th scope="row">{t('team.expiry')}</th>
                <td data-testid="team-expiry">
                  {team.planExpiresAt ? day(team.planExpiresAt) : t('account.noExpiry')}
                </td>
              </tr>
              <tr>
                <th scope="row">{t('team.status')}</th>
                <td>{active(team.plan, team.planExpiresAt) ? t('team.active') : t('team.expired')}</td>
              </tr>
              <tr>
                <th scope="row">{t('team.seats')}</th>
                <td data-testid="team-seats">{format.number(team.seats)}</td>
              </tr>
              <tr>
                <th scope="row">{t('team.members')}</th>
                <td>{format.number(team.memberCount)}</td>
              </tr>
            </tbody>
          </table>
        ) : (
          <p>{t('team.noTeam')}</p>
        )}
      </section>
    </div>
  );
}
