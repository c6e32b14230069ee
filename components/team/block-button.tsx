'use client';
import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Animated, dialogFrom } from '@/components/motion/animated';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { useRouter } from '@/lib/i18n/navigation';
import type { MemberView } from '@/lib/shared/team';
import { postTeam } from './team-api';
import { useAnnounce } from './team-announcer';
import styles from './team.module.css';

/**
 * Block or unblock one member, after a confirmation in a native modal <dialog> (focus stays
 * inside, Escape cancels, focus returns to the button), which rises into place as it opens
 * (Animated; at once with reduced motion). A refusal — the last admin — is shown in the dialog and
 * nothing changes.
 */
export function BlockButton({ memberId, name, blocked }: { memberId: string; name: string; blocked: boolean }) {
  const t = useTranslations('TeamPage');
  const locale = useLocale();
  const router = useRouter();
  const announce = useAnnounce();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = blocked ? 'unblock' : 'block';

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);

  const close = () => {
    dialog.current?.close();
    setOpen(false);
    setError(null);
  };

  async function confirm() {
    setWorking(true);
    setError(null);
    const result = await postTeam<{ member: MemberView }>(
      `/api/team/members/${encodeURIComponent(memberId)}/${action}`,
      locale,
    );
    setWorking(false);
    if (result?.ok) {
      close();
      announce(isolated(t(blocked ? 'confirm.unblocked' : 'confirm.blocked', { name: VALUE }), name));
      router.refresh();
      return;
    }
    setError(result ? result.message : t('confirm.failed'));
  }

  const titleId = `${action}-${memberId}-title`;
  return (
    <>
      <button
        type="button"
        className={`button ${styles.small}`}
        aria-label={t(blocked ? 'members.unblockMember' : 'members.blockMember', { name })}
        onClick={() => setOpen(true)}
      >
        {t(blocked ? 'members.unblock' : 'members.block')}
      </button>
      {open && (
        <Animated
          as="dialog"
          from={dialogFrom}
          ref={dialog}
          className={styles.dialog}
          aria-labelledby={titleId}
          aria-describedby={`${titleId}-body`}
          onClose={() => {
            setOpen(false);
            setError(null);
          }}
        >
          <h2 id={titleId}>
            {isolated(t(blocked ? 'confirm.unblockTitle' : 'confirm.blockTitle', { name: VALUE }), name)}
          </h2>
          <p id={`${titleId}-body`}>
            {isolated(t(blocked ? 'confirm.unblockBody' : 'confirm.blockBody', { name: VALUE }), name)}
          </p>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.dialogActions}>
            <button type="button" className="button" autoFocus onClick={close}>
              {t('confirm.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={confirm}
              disabled={working}
              aria-busy={working}
            >
              {working ? t('confirm.working') : t(blocked ? 'members.unblock' : 'members.block')}
            </button>
          </div>
        </Animated>
      )}
    </>
  );
}
