'use client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Animated, dialogFrom } from '@/components/motion/animated';
import styles from './confirm-dialog.module.css';

/**
 * "Are you sure?" before an action that cannot be taken back (cancel a plan, stop a renewal, block
 * a member). A native modal <dialog>, mounted only while open: the page behind is inert, focus
 * starts on the safe choice, Escape or the cancel button close it, and every way out goes through
 * the dialog's own close(), which gives the focus back to what opened it. It rises into place as
 * it opens (Animated; at once with reduced motion). A refusal is shown inside and nothing changes.
 */
export function ConfirmDialog({
  labelId,
  title,
  body,
  cancelLabel,
  confirmLabel,
  workingLabel,
  primary,
  onConfirm,
  onClosed,
  onDone,
}: {
  /** Unique on the page: the title's and the body's ids derive from it. */
  labelId: string;
  title: ReactNode;
  body: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  workingLabel: string;
  /** Which button looks primary: the safe choice (`cancel`) or the action the page is for (`confirm`). */
  primary: 'cancel' | 'confirm';
  /** Does the action; resolves to a message to show when it was refused, or null when it was done. */
  onConfirm: () => Promise<string | null>;
  /** The dialog has closed, whichever way: the owner unmounts it. */
  onClosed: () => void;
  /** After a confirmed action, once the dialog is closed. */
  onDone?: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const close = () => dialog.current?.close();

  async function confirm() {
    setWorking(true);
    setError(null);
    const refusal = await onConfirm();
    setWorking(false);
    if (refusal !== null) return setError(refusal);
    close();
    onDone?.();
  }

  const button = (kind: 'cancel' | 'confirm') => `button${primary === kind ? ' button--primary' : ''}`;
  return (
    <Animated
      as="dialog"
      from={dialogFrom}
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${labelId}-title`}
      aria-describedby={`${labelId}-body`}
      onClose={onClosed}
    >
      <h2 id={`${labelId}-title`}>{title}</h2>
      <p id={`${labelId}-body`}>{body}</p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={button('cancel')} autoFocus onClick={close}>
          {cancelLabel}
        </button>
        <button type="button" className={button('confirm')} onClick={confirm} disabled={working} aria-busy={working}>
          {working ? workingLabel : confirmLabel}
        </button>
      </div>
    </Animated>
  );
}

/** What a refused request says, in the page's language: the API's translated message, else `fallback`. */
export async function refusalOf(response: Response | null, fallback: string): Promise<string> {
  const answer = (await response?.json().catch(() => null)) as { error?: { message?: string } } | null;
  return answer?.error?.message ?? fallback;
}
