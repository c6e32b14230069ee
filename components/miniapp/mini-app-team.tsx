'use client';
import { useLocale, useTranslations } from 'next-intl';
import { UnavailableView } from '@/components/layout/unavailable-view';
import { MemberMovesProvider } from '@/components/team/member-moves';
import { MemberSection, memberSectionTeam } from '@/components/team/member-section';
import { Onboarding } from '@/components/team/onboarding';
import { RefreshUntilBack } from '@/components/team/refresh-until-back';
import { TeamOverviewTable } from '@/components/team/team-overview';
import { TeamPayPageProvider } from '@/components/team/team-pro-link';
import styles from '@/components/team/team.module.css';
import { useTeamData } from './team-data';

/**
 * The team page inside Telegram: the team's plan and seats, and its members to search, page
 * through, add, block and unblock — the browser's member components, which here move through the
 * team API with the session the Mini App holds in memory (team-data.ts) instead of the router, and
 * whose links to buy seats or renew lead to the Mini App's pay page (Telegram Stars), not /pay.
 */
export function MiniAppTeam() {
  const t = useTranslations('TeamPage');
  const { data, moves } = useTeamData(useLocale());

  if (data.kind === 'loading') return null;
  if (data.kind === 'unavailable') {
    return (
      <UnavailableView title={t('unavailable.title')} text={t('unavailable.text')}>
        <RefreshUntilBack refresh={moves.changed} />
      </UnavailableView>
    );
  }
  if (data.kind === 'refused') {
    return (
      <section className={styles.refusal} aria-labelledby="team-refused-title" data-testid="team-refusal">
        <h1 id="team-refused-title">{t('refused.title')}</h1>
        <p role="alert">{data.message}</p>
      </section>
    );
  }
  const { team, members, search, now } = data;
  return (
    <TeamPayPageProvider page="/telegramPay">
      <div className="personal-page">
        <h1>{t('heading')}</h1>
        <TeamOverviewTable team={team} now={now} />
        <MemberMovesProvider moves={moves}>
          <MemberSection team={memberSectionTeam(team, now)} search={search} page={members} selfId={members.selfId} />
        </MemberMovesProvider>
        <Onboarding />
      </div>
    </TeamPayPageProvider>
  );
}
