'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import styles from './ops.module.css';
import { enrolOptions, enrolPasskey, refusalText, type EnrolOptions } from './ops-client';

interface Labels {
  lead: string;
  loading: string;
  button: string;
  working: string;
  noToken: string;
  failed: string;
}

/**
 * Enrolment from an invitation link: its token is read from the address's fragment (which no request
 * ever carried), the fragment is dropped from the address bar, and the device makes the passkey.
 */
export function EnrolPasskey({ labels }: { labels: Labels }) {
  const router = useRouter();
  const token = useRef<string | null>(null);
  const [asked, setAsked] = useState<EnrolOptions | null>(null);
  const [state, setState] = useState({ busy: false, error: '' });

  useEffect(() => {
    // Once per page: the first run takes the fragment away (a development double run would find none).
    if (token.current !== null) return;
    token.current = window.location.hash.slice(1);
    window.history.replaceState(null, '', window.location.pathname);
    const found = token.current;
    void (async () => {
      const answer = found ? await enrolOptions(found) : null;
      if (answer?.ok) setAsked(answer.data);
      else {
        const error = answer ? refusalText(labels.failed, answer) : labels.noToken;
        setState({ busy: false, error });
      }
    })();
  }, [labels]);

  const enrol = async () => {
    if (!token.current || !asked) return;
    setState({ busy: true, error: '' });
    const answer = await enrolPasskey(token.current, asked);
    if (answer.ok) {
      router.replace('/ops');
      return;
    }
    setState({ busy: false, error: refusalText(labels.failed, answer) });
  };

  return (
    <div className={styles.actionForm}>
      <p>{asked ? labels.lead.replace('{name}', asked.operator) : state.error ? '' : labels.loading}</p>
      {asked ? (
        <button type="button" className={styles.button} onClick={() => void enrol()} disabled={state.busy}>
          {state.busy ? labels.working : labels.button}
        </button>
      ) : null}
      <p role="status" className={`${styles.message} ${styles.error}`}>
        {state.error}
      </p>
    </div>
  );
}
