'use client';
import { createContext, useContext, useState, type ReactNode } from 'react';
import styles from './team.module.css';

const AnnounceContext = createContext<(message: ReactNode) => void>(() => {});

/** Says what the last change did ("Bob is blocked"), in one polite live region for the section. */
export function TeamAnnouncer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<ReactNode>('');
  return (
    <AnnounceContext value={setMessage}>
      <p className={styles.announce} role="status" data-testid="team-announcement">
        {message}
      </p>
      {children}
    </AnnounceContext>
  );
}

export const useAnnounce = () => useContext(AnnounceContext);
