'use client';
import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { sessionHeaders } from '@/lib/client/session-token';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import type { MemberPageView, TeamOverview } from '@/lib/shared/team';
import { TeamOverviewTable } from '@/components/team/team-overview';
import { Onboarding } from '@/components/team/onboarding';
import styles from '@/components/team/team.module.css';

type View = { team: TeamOverview; members: MemberPageView; now: Date } | 'loading' | 'failed';

/**
 * The team page inside Telegram: the team's plan and seats and its members (the first page), read
 * through the team API with the Mini App's session. Adding and blocking members stay on the team
 * page a /team link opens (docs/miniapp.md, what is left).
 */
export function MiniAppTeam() {
  const t = useTranslations('TeamPage');
  const locale = useLocale() as Locale;
  const [view, setView] = useState<View>('loading');

  useEffect(() => {
    const headers = { 'Accept-Language': localeInfo(locale).tag, ...sessionHeaders() };
    const read = async <T,>(path: string) => {
      const response = await fetch(path, { headers, cache: 'no-store' });
      if (!response.ok) throw new Error(String(response.status));
      return (await response.json()) as T;
    };
    Promise.all([read<{ team: TeamOverview }>('/api/team/overview'), read<MemberPageView>('/api/team/members')])
      .then(([{ team }, members]) => {
        const expires = team.planExpiresAt && new Date(team.planExpiresAt);
        setView({ team: { ...team, planExpiresAt: expires }, members, now: new Date() });
      })
      .catch(() => setView('failed'));
  }, [locale]);

  if (view === 'loading') return null;
  if (view === 'failed') return <p role="alert">{t('unavailable.text')}</p>;
  return (
    <div className="personal-page">
      <h1>{t('heading')}</h1>
      <TeamOverviewTable team={view.team} now={view.now} />
      <section className={styles.section} aria-labelledby="members-heading">
        <h2 id="members-heading">{t('members.heading')}</h2>
        <p data-testid="member-count">{t('members.count', { total: view.members.total })}</p>
        <table className={styles.table} data-testid="miniapp-members">
          <thead>
            <tr>
              <th scope="col">{t('members.name')}</th>
              <th scope="col">{t('members.role')}</th>
              <th scope="col">{t('members.status')}</th>
            </tr>
          </thead>
          <tbody>
            {view.members.members.map((member) => (
              <tr key={member.memberId}>
                <td>
                  <bdi>{member.fullName ?? `@${member.username}`}</bdi>
                </td>
                <td>{t(`members.roles.${member.role}`)}</td>
                <td>{t(`members.statuses.${member.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Onboarding />
    </div>
  );
}
