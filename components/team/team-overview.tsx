import { useTranslations } from 'next-intl';
import { useDay } from '@/lib/i18n/day';
import { isActive } from '@/lib/pricing/plan-state';
import type { TeamOverview } from '@/lib/shared/team';
import { TeamProLink } from './team-pro-link';
import styles from './team.module.css';

/** The team's name, plan, seats and expiry, with the way to more seats or a renewal. */
export function TeamOverviewTable({ team, now }: { team: TeamOverview; now: Date }) {
  const t = useTranslations('TeamPage.overview');
  const plansT = useTranslations('Plans');
  const day = useDay();
  const active = isActive({ plan: team.plan, expiresAt: team.planExpiresAt }, now);

  return (
    <section className={styles.section} aria-labelledby="team-overview-heading">
      <h2 id="team-overview-heading">{t('heading')}</h2>
      <table
        className={`${styles.table} ${styles.overview}`}
        data-testid="team-overview"
        data-seats={team.seats}
        data-seats-used={team.seatsUsed}
      >
        <tbody>
          <tr>
            <th scope="row">{t('name')}</th>
            <td>
              <bdi>{team.name}</bdi>
            </td>
          </tr>
          <tr>
            <th scope="row">{t('plan')}</th>
            <td>{plansT(`names.${team.plan}`)}</td>
          </tr>
          <tr>
            <th scope="row">{t('seats')}</th>
            <td>
              <span data-testid="team-seats-used">{t('seatsUsed', { used: team.seatsUsed, paid: team.seats })}</span>
              {t('separator')}
              {t('seatsFree', { free: Math.max(0, team.seats - team.seatsUsed) })}
              {t('separator')}
              <TeamProLink addSeatsTo={team}>{t('addSeats')}</TeamProLink>
            </td>
          </tr>
          <tr>
            <th scope="row">{t('expiry')}</th>
            <td data-testid="team-expiry" data-expired={!active || undefined}>
              {!team.planExpiresAt
                ? t('noExpiry')
                : active
                  ? day(team.planExpiresAt)
                  : t('expiredOn', { date: day(team.planExpiresAt) })}
            </td>
          </tr>
        </tbody>
      </table>
      {!active && (
        <p className={styles.notice} role="status">
          {t('expiredNotice')} <TeamProLink>{t('renew')}</TeamProLink>
        </p>
      )}
    </section>
  );
}
