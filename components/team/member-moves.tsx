'use client';
import { createContext, useContext, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link, useRouter } from '@/lib/i18n/navigation';
import linkButton from '@/components/layout/link-button.module.css';

/** Which search and which page of the member list (`?q=&page=` on the browser's team page). */
export interface MemberListPlace {
  search: string;
  page: number;
}

/**
 * How the member list catches up and moves: what happens after an add, a block or an unblock
 * (`changed`), and how a search or another page is shown (`show`, settled once it shows, so a
 * search box can say it is busy until then).
 */
export interface MemberMoves {
  changed: () => void;
  show: (place: MemberListPlace) => Promise<void>;
}

/*
 * The browser's team page is rendered by the server from its cookie session, and its address says
 * what it shows: it provides nothing, and the router's refresh and the address's query do the work
 * (search and paging stay a GET form and plain links, which work without JavaScript). The Mini App
 * holds its session in memory, where a server render cannot see it: it provides moves that read the
 * team API again and keep the list in its own state.
 */
const Moves = createContext<MemberMoves | null>(null);

export function MemberMovesProvider({ moves, children }: { moves: MemberMoves; children: ReactNode }) {
  return <Moves value={moves}>{children}</Moves>;
}

const teamHref = ({ search, page }: MemberListPlace) => ({
  pathname: '/team' as const,
  query: { ...(search ? { q: search } : {}), ...(page > 1 ? { page: String(page) } : {}) },
});

export function useMemberMoves(): MemberMoves {
  const router = useRouter();
  const provided = useContext(Moves);
  return (
    provided ?? {
      changed: () => router.refresh(),
      show: (place) => {
        router.replace(teamHref(place), { scroll: false });
        return Promise.resolve();
      },
    }
  );
}

/**
 * Another search or page of the list: a plain link on the browser's page; a button where the list
 * lives in the page's state (the Mini App), whose address has no place for it.
 */
export function MemberListLink({
  to,
  rel,
  className,
  onClick,
  children,
}: {
  to: MemberListPlace;
  rel?: 'prev' | 'next';
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const provided = useContext(Moves);
  const link = useRef<HTMLAnchorElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useFocusKept(provided ? button : link);
  if (!provided) {
    return (
      <Link ref={link} className={className} href={teamHref(to)} rel={rel} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <button
      ref={button}
      type="button"
      className={className ?? linkButton.linkButton}
      onClick={() => {
        onClick?.();
        void provided.show(to);
      }}
    >
      {children}
    </button>
  );
}

/**
 * A move can take away the control that made it (the last page has no "Next", an ended search no
 * "Show everyone"): the focus then goes to the list's heading, where reading and tabbing go on,
 * rather than back to the top of the page. A layout effect's cleanup runs while the control is
 * still in the document, so it can still tell whether it had the focus.
 */
function useFocusKept(control: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = control.current;
    return () => {
      if (element && document.activeElement === element) document.getElementById('members-heading')?.focus();
    };
  }, [control]);
}
