import { useFormatter, useTranslations } from 'next-intl';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { Link } from '@/lib/i18n/navigation';
import type { Platform } from '@/lib/config/site';
import { TEAM_BLOCK_SIZE } from '@/lib/pricing/catalogue';
import { largerTeamSize, type MemberPageView } from '@/lib/shared/team';
import { AddMemberForm } from './add-member-form';
import { BlockButton } from './block-button';
import { MemberSearch } from './member-search';
import { MemberMotion, MemberRow, StatusBadge } from './member-motion';
import { TeamAnnouncer } from './team-announcer';
import cards from '@/components/layout/card-table.module.css';
import styles from './team.module.css';

export interface MemberSectionProps {
  team: { platform: Platform; seats: number; seatsUsed: number; active: boolean };
  search: string;
  page: MemberPageView;
  /** The admin's own row: no Block button there (an admin does not lock themselves out). */
  selfId?: string | null;
}

/** Longer names are cut in labels and dialog titles; the table cell shows the whole name. */
const LABEL_NAME_LENGTH = 60;
const short = (text: string) => (text.length > LABEL_NAME_LENGTH ? `${text.slice(0, LABEL_NAME_LENGTH)}…` : text);

const columns = ['name', 'username', 'platform', 'role', 'joined', 'status', 'actions'] as const;

/**
 * The member table with search and paging (plain links and a GET form, so both work without
 * JavaScript), the add-member form and block/unblock. Every value from the directory is text.
 */
export function MemberSection({ team, search, page, selfId = null }: MemberSectionProps) {
  const t = useTranslations('TeamPage.members');
  const format = useFormatter();
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
          {page.members.length > 0 && (
            // A table with its headers on wide screens; below 40rem each row is a card (team.module.css), the
            // ARIA roles keeping it a table for assistive technology whatever its CSS display.
            <div className={styles.scroller} tabIndex={0} role="region" aria-labelledby="members-caption">
              <table
                className={`${styles.table} ${styles.members} ${cards.cards}`}
                data-testid="member-table"
                role="table"
              >
                <caption id="members-caption">{t('caption', { page: page.page, pages })}</caption>
                <thead role="rowgroup">
                  <tr role="row">
                    {columns.map((column) => (
                      <th key={column} scope="col" role="columnheader">
                        {t(column)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody role="rowgroup">
                  {page.members.map((member) => {
                    const label = short(member.fullName ?? `@${member.username}`);
                    return (
                      <MemberRow
                        key={member.memberId}
                        memberId={member.memberId}
                        username={member.username}
                        self={member.memberId === selfId}
                      >
                        <td role="cell" data-label={t('name')} className={styles.nameCell}>
                          {member.fullName ? (
                            <bdi className={styles.name} title={member.fullName}>
                              {member.fullName}
                            </bdi>
                          ) : (
                            <span className={styles.muted}>{t('notJoinedYet')}</span>
                          )}
                        </td>
                        <td role="cell" data-label={t('username')}>
                          <bdi className={styles.username} title={member.username}>
                            @{member.username}
                          </bdi>
                        </td>
                        <td role="cell" data-label={t('platform')} className={styles.capitalize}>
                          {member.platform}
                        </td>
                        <td role="cell" data-label={t('role')}>
                          {t(`roles.${member.role}`)}
                        </td>
                        {/* An invited member has not joined: their card shows no "Joined" line (the cell is empty). */}
                        <td role="cell" data-label={t('joined')}>
                          {member.status === 'invited'
                            ? null
                            : format.dateTime(new Date(member.joinedAt), { dateStyle: 'medium' })}
                        </td>
                        <td role="cell" data-label={t('status')}>
                          <StatusBadge className={styles.status} status={member.status}>
                            {t(`statuses.${member.status}`)}
                          </StatusBadge>
                        </td>
                        <td role="cell" data-label={t('actions')} className={styles.actionCell}>
                          {member.memberId === selfId ? (
                            <span className={styles.muted} data-testid="own-row">
                              {t('self')}
                            </span>
                          ) : (
                            <BlockButton
                              memberId={member.memberId}
                              name={label}
                              blocked={member.status === 'blocked'}
                            />
                          )}
                        </td>
                      </MemberRow>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t('pagination')}>
              <span>{t('pageOf', { page: page.page, pages })}</span>
              <ul>
                {page.page > 1 && (
                  <li>
                    <Link className="button" href={pageHref(Math.min(page.page - 1, pages))} rel="prev">
                      {t('previous')}
                    </Link>
                  </li>
                )}
                {page.page < pages && (
                  <li>
                    <Link className="button" href={pageHref(page.page + 1)} rel="next">
                      {t('next')}
                    </Link>
                  </li>
                )}
              </ul>
            </nav>
          )}
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
