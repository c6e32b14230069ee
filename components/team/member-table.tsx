import { useFormatter, useTranslations } from 'next-intl';
import type { MemberPageView } from '@/lib/shared/team';
import { BlockButton } from './block-button';
import { MemberRow, StatusBadge } from './member-motion';
import cards from '@/components/layout/card-table.module.css';
import styles from './team.module.css';

/** Longer names are cut in labels and dialog titles; the table cell shows the whole name. */
const LABEL_NAME_LENGTH = 60;
const short = (text: string) => (text.length > LABEL_NAME_LENGTH ? `${text.slice(0, LABEL_NAME_LENGTH)}…` : text);

const columns = ['name', 'username', 'platform', 'role', 'joined', 'status', 'actions'] as const;

/**
 * One page of the team's members: a table with its headers on wide screens; below 40rem each row is a
 * card (team.module.css), the ARIA roles keeping it a table for assistive technology whatever its CSS
 * display. Every value from the directory is text.
 */
export function MemberTable({ page, pages, selfId }: { page: MemberPageView; pages: number; selfId: string | null }) {
  const t = useTranslations('TeamPage.members');
  const format = useFormatter();
  return (
    <div className={styles.scroller} tabIndex={0} role="region" aria-labelledby="members-caption">
      <table className={`${styles.table} ${styles.members} ${cards.cards}`} data-testid="member-table" role="table">
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
                    <BlockButton memberId={member.memberId} name={label} blocked={member.status === 'blocked'} />
                  )}
                </td>
              </MemberRow>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
