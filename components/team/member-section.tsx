import { useTranslations } from 'next-intl';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { Link } from '@/lib/i18n/navigation';
import type { Platform } from '@/lib/config/site';
import { TEAM_BLOCK_SIZE } from '@/lib/pricing/catalogue';
import { largerTeamSize, type MemberPageView } from '@/lib/shared/team';
import { AddMemberForm } from './add-member-form';
import { MemberSearch } from './member-search';
import { MemberMotion } from './member-motion';
import { MemberTable } from './member-table';
import { TeamAnnouncer } from './team-announcer';
import styles from './team.module.css';

export interface MemberSectionProps {
  team: { platform: Platform; seats: number; seatsUsed: number; active: boolean };
  search: string;
  page: MemberPageView;
  /** The admin's own row: no Block button there (an admin does not lock themselves out). */
  selfId?: string | null;
}

/**
 * The member table with search and paging (plain links and a GET form, so both work without
 * JavaScript), the add-member form and block/unblock. Every value from the directory is text.
 */
export function MemberSection({ team, search, page, selfId = null }: MemberSectionProps) {
  const t = useTranslations('TeamPage.members');
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const pageHref = (n: number) => ({
    pathname: '/team' as const,
    query: { ...(search ? { q: search } : {}), ...(n > 1 ? { page: String(n) } : {}) },
  });
  const addSeatsHref = {
    pathname: '/pay' as const,
    query: { plan: 'team_pro', seats: String(largerTeamSize(team.seatsUsed, team.seats, TEAM_BLOCK_SIZE)) },
  };

  return (
    <MemberMotion>
      <TeamAnnouncer>
        <section className={styles.section} aria-labelledby="members-heading">
          <h2 id="members-heading">{t('heading')}</h2>
          <MemberSearch search={search} />
          <p role="status" data-testid="member-count">
            {page.members.length === 0 && search
              ? isolated(t('noMatches', { search: VALUE }), search)
              : t('count', { total: page.total })}
          </p>
          {page.members.length > 0 && <MemberTable page={page} pages={pages} selfId={selfId} />}
          {pages > 1 && <MemberPager page={page.page} pages={pages} href={pageHref} />}
        </section>
        <AddMemberForm
          platform={team.platform}
          full={team.seatsUsed >= team.seats}
          inactive={!team.active}
          addSeatsHref={addSeatsHref}
        />
      </TeamAnnouncer>
    </MemberMotion>
  );
}

/** Plain links to the previous and next pages, which work without JavaScript. */
function MemberPager({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => { pathname: '/team'; query: Record<string, string> };
}) {
  const t = useTranslations('TeamPage.members');
  return (
    <nav className={styles.pager} aria-label={t('pagination')}>
      <span>{t('pageOf', { page, pages })}</span>
      <ul>
        {page > 1 && (
          <li>
            <Link className="button" href={href(Math.min(page - 1, pages))} rel="prev">
              {t('previous')}
            </Link>
          </li>
        )}
        {page < pages && (
          <li>
            <Link className="button" href={href(page + 1)} rel="next">
              {t('next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
