import Link from 'next/link';
import type { ReactNode } from 'react';
import { roleAllows, type OperatorRoleName, type OpsTranslate } from '@/lib/shared/ops-console';
import styles from './ops.module.css';
import { SignOutButton } from './sign-out-button';

export type ConsoleSection = 'overview' | 'orders' | 'review' | 'refunds' | 'operators';

/** The sections, and the least role each is shown to (the server checks again on every page and call). */
const sections: Array<{ id: ConsoleSection; href: string; least: OperatorRoleName }> = [
  { id: 'overview', href: '/ops', least: 'viewer' },
  { id: 'orders', href: '/ops/orders', least: 'viewer' },
  { id: 'review', href: '/ops/review', least: 'viewer' },
  { id: 'refunds', href: '/ops/refunds', least: 'viewer' },
  { id: 'operators', href: '/ops/operators', least: 'admin' },
];

/** Every console page's frame: the brand, the sections, who is signed in, the language switch, sign-out. */
export function OpsFrame(props: {
  t: OpsTranslate;
  locale: 'en' | 'vi';
  operator: { name: string; role: OperatorRoleName } | null;
  current?: ConsoleSection;
  path: string;
  children: ReactNode;
}) {
  const { t, operator } = props;
  const other = props.locale === 'en' ? 'vi' : 'en';
  return (
    <>
      <a className={styles.skip} href="#main">
        {t('nav.skip')}
      </a>
      <header className={styles.header}>
        <span className={styles.brand}>{t('meta.brand')}</span>
        {operator ? (
          <nav className={styles.nav} aria-label={t('nav.label')}>
            <ul>
              {sections
                .filter((section) => roleAllows(operator.role, section.least))
                .map((section) => (
                  <li key={section.id}>
                    <Link href={section.href} aria-current={props.current === section.id ? 'page' : undefined}>
                      {t(`nav.${section.id}`)}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        ) : null}
        <div className={styles.who}>
          {operator ? (
            <span>{t('nav.signedInAs', { name: operator.name, role: t(`roles.${operator.role}`) })}</span>
          ) : null}
          <a
            href={`/api/ops/language?to=${other}&next=${encodeURIComponent(props.path)}`}
            lang={other}
            hrefLang={other}
          >
            {t('nav.switchLanguage')}
          </a>
          {operator ? <SignOutButton label={t('nav.signOut')} /> : null}
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {props.children}
      </main>
    </>
  );
}
