'use client';
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/layout/confirm-dialog';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import type { MemberView } from '@/lib/shared/team';
import { postTeam } from './team-api';
import { useAnnounce } from './team-announcer';
import { useMemberMoves } from './member-moves';
import styles from './team.module.css';

/**
 * Block or unblock one member, after a confirmation (ConfirmDialog). A refusal — the last admin —
 * is shown in the dialog and nothing changes.
 */
export function BlockButton({ memberId, name, blocked }: { memberId: string; name: string; blocked: boolean }) {
  const t = useTranslations('TeamPage');
  const locale = useLocale();
  const { changed } = useMemberMoves();
  const announce = useAnnounce();
  const [open, setOpen] = useState(false);
  const action = blocked ? 'unblock' : 'block';

  async function confirm(): Promise<string | null> {
    const result = await postTeam<{ member: MemberView }>(
      `/api/team/members/${encodeURIComponent(memberId)}/${action}`,
      locale,
    );
    if (!result) return t('confirm.failed');
    return result.ok ? null : result.message;
  }

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
        <ConfirmDialog
          labelId={`${action}-${memberId}`}
          title={isolated(t(blocked ? 'confirm.unblockTitle' : 'confirm.blockTitle', { name: VALUE }), name)}
          body={isolated(t(blocked ? 'confirm.unblockBody' : 'confirm.blockBody', { name: VALUE }), name)}
          cancelLabel={t('confirm.cancel')}
          confirmLabel={t(blocked ? 'members.unblock' : 'members.block')}
          workingLabel={t('confirm.working')}
          primary="confirm"
          onConfirm={confirm}
          onClosed={() => setOpen(false)}
          onDone={() => {
            announce(isolated(t(blocked ? 'confirm.unblocked' : 'confirm.blocked', { name: VALUE }), name));
            changed();
          }}
        />
      )}
    </>
  );
}
