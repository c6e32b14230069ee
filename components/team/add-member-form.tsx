'use client';
import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { site, type Platform } from '@/lib/config/site';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { usernameLengths, usernamePatterns, type MemberView } from '@/lib/shared/team';
import { postTeam } from './team-api';
import { useAnnounce } from './team-announcer';
import { useMarkAdded } from './member-motion';
import { useMemberMoves } from './member-moves';
import { TeamProLink, type TeamSeats } from './team-pro-link';
import styles from './team.module.css';

interface Props {
  platform: Platform;
  /** The team's seats: once every paid one is taken, the form gives way to the link to buy more. */
  seats: TeamSeats;
  inactive: boolean;
}

/** Adds a member by platform username (POST /api/team/members), within the paid seats. */
export function AddMemberForm({ platform, seats, inactive }: Props) {
  const t = useTranslations('TeamPage.add');
  const errorsT = useTranslations('TeamPage.errors');
  const locale = useLocale();
  const { changed } = useMemberMoves();
  const announce = useAnnounce();
  const markAdded = useMarkAdded();
  const id = useId();
  const [username, setUsername] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);

  // What this platform accepts, in words: shown with a refused username, so the admin can fix it.
  const { min, max } = usernameLengths[platform];
  const usernameRule = isolated(t(`rules.${platform}`, { min: VALUE, max }), String(min), 'ltr');

  const full = seats.seatsUsed >= seats.seats;
  const blocked = inactive ? 'inactive' : full || error?.code === 'seats_full' ? 'full' : null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    if (!usernamePatterns[platform].test(name)) {
      setError({ code: 'invalid_username', message: errorsT('invalid_username') });
      return;
    }
    setWorking(true);
    setError(null);
    const result = await postTeam<{ member: MemberView }>('/api/team/members', locale, { platform, username: name });
    setWorking(false);
    if (result?.ok) {
      const { member } = result.value;
      setUsername('');
      markAdded(member.memberId);
      announce(
        isolated(
          t(member.status === 'invited' ? 'invited' : 'added', { username: VALUE }),
          `@${member.username}`,
          'ltr',
        ),
      );
      changed();
      return;
    }
    setError(result ?? { code: 'server_error', message: t('failed') });
  }

  return (
    <section className={styles.section} aria-labelledby="add-member-heading">
      <h2 id="add-member-heading">{t('heading')}</h2>
      {blocked ? (
        <p className={styles.notice} data-testid="seats-notice">
          {t(blocked === 'full' ? 'seatsFull' : 'inactive')}{' '}
          <TeamProLink addSeatsTo={blocked === 'full' ? seats : undefined}>
            {t(blocked === 'full' ? 'addSeats' : 'renew')}
          </TeamProLink>
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.field}>
            <label htmlFor={id}>{t('username', { platform: site.chats[platform].name })}</label>
            <input
              id={id}
              className={styles.input}
              name="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={81}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            />
            <p id={`${id}-hint`} className={styles.hint}>
              {t('hint')}
            </p>
            {error && (
              <p id={`${id}-error`} className={styles.error} role="alert">
                {error.message}
                {error.code === 'invalid_username' ? (
                  <>
                    {' '}
                    <span data-testid="username-rule">{usernameRule}</span>
                  </>
                ) : null}
              </p>
            )}
          </div>
          <div>
            <button type="submit" className="button button--primary" disabled={working} aria-busy={working}>
              {working ? t('working') : t('submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
