'use client';
import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { MAX_SEARCH_LENGTH } from '@/lib/shared/team';
import styles from './team.module.css';

/** How long typing may pause before the table follows the search box. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A GET form (`?q=`): without JavaScript the browser submits it and the server renders the
 * results. With JavaScript the table follows the box as one types, the URL kept in step.
 */
export function MemberSearch({ search }: { search: string }) {
  const t = useTranslations('TeamPage.members');
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(search);
  const [pending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const go = (q: string) =>
    startTransition(() =>
      router.replace({ pathname: '/team', query: q.trim() ? { q: q.trim() } : {} }, { scroll: false }),
    );

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
        <Link href="/team" onClick={() => setValue('')}>
          {t('clearSearch')}
        </Link>
      )}
    </form>
  );
}
