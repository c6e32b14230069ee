import { useTranslations } from 'next-intl';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import type { Platform } from '@/lib/config/site';
import type { MemberPageView, TeamOverview } from '@/lib/shared/team';
import { isActive } from '@/lib/pricing/plan-state';
import { AddMemberForm } from './add-member-form';
import { MemberSearch } from './member-search';
import { MemberMotion } from './member-motion';
import { MemberListLink } from './member-moves';
import { MemberTable } from './member-table';
import { TeamAnnouncer } from './team-announcer';
import styles from './team.module.css';

/** What the member section needs of the team, from its overview: both team pages derive it here. */
export function memberSectionTeam(team: TeamOverview, now: Date): MemberSectionProps['team'] {
  return {
    platform: team.platform,
    seats: team.seats,
    seatsUsed: team.seatsUsed,
    active: isActive({ plan: team.plan, expiresAt: team.planExpiresAt }, now),
  };
}

export interface MemberSectionProps {
  team: { platform: Platform; seats: number; seatsUsed: number; active: boolean };
  search: string;
  page: MemberPageView;
  /** The admin's own row: no Block button there (an admin does not lock themselves out). */
  selfId?: string | null;
}

/**
 * The member table with search and paging, the add-member form and block/unblock. On the browser's
 * page search and paging are a GET form and plain links, which work without JavaScript; the Mini App
 * moves them through the team API instead (member-moves.tsx). Every value from the directory is text.
 */
export function MemberSection({ team, search, page, selfId = null }: MemberSectionProps) {
  const t = useTranslations('TeamPage.members');
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));

  return (
    <MemberMotion>
      <TeamAnnouncer>
        <section className={styles.section} aria-labelledby="members-heading">
          {/* Focusable from script: where the focus goes when a move takes the control that had it away. */}
          <h2 id="members-heading" tabIndex={-1}>
            {t('heading')}
          </h2>
          <MemberSearch search={search} />
          <p role="status" data-testid="member-count">
            {page.members.length === 0 && search
              ? isolated(t('noMatches', { search: VALUE }), search)
              : t('count', { total: page.total })}
          </p>
          {page.members.length > 0 && <MemberTable page={page} pages={pages} selfId={selfId} />}
          {pages > 1 && <MemberPager page={page.page} pages={pages} search={search} />}
        </section>
        <AddMemberForm platform={team.platform} seats={team} inactive={!team.active} />
      </TeamAnnouncer>
    </MemberMotion>
  );
}

/** The previous and next pages, keeping the search (plain links on the browser's page). */
function MemberPager({ page, pages, search }: { page: number; pages: number; search: string }) {
  const t = useTranslations('TeamPage.members');
  return (
    <nav className={styles.pager} aria-label={t('pagination')}>
      <span>{t('pageOf', { page, pages })}</span>
      <ul>
        {page > 1 && (
          <li>
            <MemberListLink className="button" to={{ search, page: Math.min(page - 1, pages) }} rel="prev">
              {t('previous')}
            </MemberListLink>
          </li>
        )}
        {page < pages && (
          <li>
            <MemberListLink className="button" to={{ search, page: page + 1 }} rel="next">
              {t('next')}
            </MemberListLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
