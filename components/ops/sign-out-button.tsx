'use client';

import { useRouter } from 'next/navigation';
import styles from './ops.module.css';
import { postJson } from './ops-client';

/** Ends the session now (in the database too), then the sign-in page. */
export function SignOutButton({ label }: { label: string }) {
  const router = useRouter();
  const signOut = async () => {
    await postJson('/api/ops/sign-out', {});
    router.replace('/ops/sign-in');
  };
  return (
    <button type="button" className={styles.linkButton} onClick={() => void signOut()}>
      {label}
    </button>
  );
}
