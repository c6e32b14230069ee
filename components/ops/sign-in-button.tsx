'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import styles from './ops.module.css';
import { provePasskey, refusalText } from './ops-client';

/** "Sign in with a passkey": the browser offers this site's passkeys; on success, the console. */
export function SignInButton({ labels }: { labels: { button: string; working: string; failed: string } }) {
  const router = useRouter();
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const signIn = async () => {
    setState({ busy: true, error: '' });
    const answer = await provePasskey('sign-in');
    if (answer.ok) {
      router.replace('/ops');
      return;
    }
    setState({ busy: false, error: refusalText(labels.failed, answer) });
  };
  return (
    <div className={styles.actionForm}>
      <button type="button" className={styles.button} onClick={() => void signIn()} disabled={state.busy}>
        {state.busy ? labels.working : labels.button}
      </button>
      <p role="status" className={`${styles.message} ${styles.error}`}>
        {state.error}
      </p>
    </div>
  );
}
