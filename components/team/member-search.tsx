'use client';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import { MAX_SEARCH_LENGTH } from '@/lib/shared/team';
import { MemberListLink, useMemberMoves } from './member-moves';
import styles from './team.module.css';

/** How long typing may pause before the table follows the search box. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A GET form (`?q=`): without JavaScript the browser submits it and the server renders the
 * results. With JavaScript the table follows the box as one types: on the browser's page the URL
 * kept in step, in the Mini App through the team API (member-moves.tsx).
 */
export function MemberSearch({ search }: { search: string }) {
  const t = useTranslations('TeamPage.members');
  const { show } = useMemberMoves();
  const id = useId();
  const [value, setValue] = useState(search);
  const [pending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Busy (aria-busy) until the list shows the search: a search starts again from page one.
  const go = (q: string) => startTransition(() => show({ search: q.trim(), page: 1 }));

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <form
      className={styles.toolbar}
      role="search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        go(value);
      }}
    >
      <div className={styles.field}>
        <label htmlFor={id}>{t('searchLabel')}</label>
        <input
          id={id}
          className={styles.input}
          type="search"
          name="q"
          value={value}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          aria-busy={pending}
          onChange={(event) => {
            const q = event.target.value;
            setValue(q);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => go(q), SEARCH_DEBOUNCE_MS);
          }}
        />
      </div>
      <button type="submit" className="button">
        {t('searchButton')}
      </button>
      {search && (
        <MemberListLink to={{ search: '', page: 1 }} onClick={() => setValue('')}>
          {t('clearSearch')}
        </MemberListLink>
      )}
    </form>
  );
}
