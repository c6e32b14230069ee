import { useTranslations } from 'next-intl';
import type { TeamErrorCode } from '@/lib/shared/team';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { linkCommand, type LinkProblem } from '@/lib/shared/link-problem';
import { BackToChat } from '@/components/layout/back-to-chat';
import { HandoffOffer } from '@/components/layout/handoff-offer';
import type { Platform } from '@/lib/config/site';
import styles from './team.module.css';

/**
 * No session, not an admin, or no such team: say so, show nothing of any team. Without a session,
 * `link` says why the link did not open one (another browser has it, expired, not valid, none).
 */
export function TeamRefusal({
  code,
  link,
  chat,
}: {
  code: TeamErrorCode;
  link?: LinkProblem | undefined;
  chat?: Platform | undefined;
}) {
  const t = useTranslations('TeamPage');
  const linkErrors = useTranslations('LinkErrors');
  const view = (
    <section
      className={styles.refusal}
      aria-labelledby="team-refused-title"
      data-testid="team-refusal"
      data-code={code}
      data-link-problem={link}
    >
      <h1 id="team-refused-title">{link ? linkErrors('title') : t('refused.title')}</h1>
      <p role="alert">
        {link ? isolated(linkErrors(link, { command: VALUE }), linkCommand.team, 'ltr') : t(`errors.${code}`)}
      </p>
      {/* A member who is not an admin was already told to type /team if they are one: said once. */}
      {link ? <BackToChat chat={chat} /> : code === 'not_team_admin' ? null : <p>{t('refused.hint')}</p>}
    </section>
  );
  // No session and no link: another browser's "Open in another browser" may have sent a handoff.
  return link === 'missing' ? <HandoffOffer page="team">{view}</HandoffOffer> : view;
}
