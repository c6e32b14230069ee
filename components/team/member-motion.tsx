'use client';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Animated, MotionPreload } from '@/components/motion/animated';

const AddedContext = createContext<{ added: string | null; markAdded: (memberId: string) => void }>({
  added: null,
  markAdded: () => {},
});

/**
 * Motion for the member table (components/motion/animated.tsx): the member just added slides into
 * the table when the refreshed page brings its row, and a status that changes under the admin's
 * eyes (a block, an unblock) pops in its badge — the change they made, shown where it happened.
 * Every other row is drawn at once.
 */
export function MemberMotion({ children }: { children: ReactNode }) {
  const [added, markAdded] = useState<string | null>(null);
  const value = useMemo(() => ({ added, markAdded }), [added]);
  return (
    <AddedContext value={value}>
      <MotionPreload />
      {children}
    </AddedContext>
  );
}

/** Tells the table which member the add-member form has just added (before the page refreshes). */
export const useMarkAdded = () => useContext(AddedContext).markAdded;

const rowFrom = { opacity: 0, y: -8 };

export function MemberRow({
  memberId,
  username,
  self,
  children,
}: {
  memberId: string;
  username: string;
  self: boolean;
  children: ReactNode;
}) {
  const { added } = useContext(AddedContext);
  return (
    <Animated
      as="tr"
      // Read as the row mounts: rows already on the page, or brought by search and paging, stay still.
      from={added === memberId ? rowFrom : undefined}
      role="row"
      data-member={username}
      data-member-id={memberId}
      data-self={self ? '' : undefined}
    >
      {children}
    </Animated>
  );
}

const badgeFrom = { opacity: 0, scale: 0.6 };

/** A member's status; when it changes while the page is open, the new one pops in. */
export function StatusBadge({
  status,
  className,
  children,
}: {
  status: string;
  className?: string;
  children: ReactNode;
}) {
  const [seen, setSeen] = useState({ status, changes: 0 });
  if (seen.status !== status) setSeen({ status, changes: seen.changes + 1 });
  return (
    // A new key mounts a new badge, which enters; the first one is drawn at once.
    <Animated
      as="span"
      key={seen.changes}
      from={seen.changes > 0 ? badgeFrom : undefined}
      className={className}
      data-status={status}
    >
      {children}
    </Animated>
  );
}
