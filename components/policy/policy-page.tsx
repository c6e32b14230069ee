import { useLocale, useTranslations } from 'next-intl';
import type { PolicyPageKey } from '@/lib/config/pages';
import { POLICIES_LAST_UPDATED, policySections } from '@/lib/config/policies';
import { site } from '@/lib/config/site';
import { useDay } from '@/lib/i18n/day';
import { isolated, VALUE } from '@/lib/i18n/isolate';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { useMoney } from '@/lib/i18n/money';
import { periods, queryPack, TEAM_BLOCK_SIZE } from '@/lib/pricing/catalogue';
import styles from './policy-page.module.css';

/** Everything a policy text may mention by placeholder: names and numbers come from config, not from translations. */
const values = {
  brand: site.name,
  email: site.supportEmail,
  blockSize: TEAM_BLOCK_SIZE,
  period0Months: periods.period0.months,
  period1Months: periods.period1.months,
  period1Paid: periods.period1.paidMonths,
  period2Months: periods.period2.months,
  period2Paid: periods.period2.paidMonths,
  packQueries: queryPack.queries,
  packMonths: queryPack.validMonths,
  maxPacks: queryPack.maxQuantity,
};

/** The query pack's price in the page's currency (VND for Vietnamese, USD elsewhere), as the pricing shows it. */
function usePackPrice(): string {
  const { currency } = localeInfo(useLocale() as Locale);
  return useMoney()(queryPack.price[currency], currency);
}

/** A policy page: heading, last-updated date, contents, and each section under an anchored heading. */
export function PolicyPage({ page }: { page: PolicyPageKey }) {
  const title = useTranslations('PolicyLinks');
  const frame = useTranslations('PolicyPage');
  const t = useTranslations(`Policies.${page}`);
  const day = useDay();
  // next-intl cannot type a key built from a union of pages; the config test keeps these keys real.
  const text = t as unknown as (key: string, values?: Record<string, string | number>) => string;
  const sections = policySections[page] as readonly string[];
  const packPrice = usePackPrice();

  return (
    <article className={styles.policy}>
      <h1>{title(page)}</h1>
      <p className={styles.updated}>
        {frame('lastUpdated', {
          date: day(new Date(`${POLICIES_LAST_UPDATED}T00:00:00Z`)),
        })}
      </p>
      <p className={styles.intro}>{text('intro', values)}</p>
      <nav className={styles.contents} aria-labelledby={`${page}-contents`}>
        <h2 id={`${page}-contents`}>{frame('contents')}</h2>
        <ol>
          {sections.map((id) => (
            <li key={id}>
              <a href={`#${id}`}>{text(`sections.${id}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((id) => {
        const heading = text(`sections.${id}.title`);
        return (
          <section key={id} aria-labelledby={id} className={styles.section}>
            <h2 id={id}>
              {heading}{' '}
              <a className={styles.anchor} href={`#${id}`} aria-label={frame('sectionLink', { title: heading })}>
                #
              </a>
            </h2>
            {text(`sections.${id}.body`, { ...values, packPrice, email: VALUE })
              .split('\n\n')
              .map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{isolated(paragraph, site.supportEmail, 'ltr')}</p>
              ))}
          </section>
        );
      })}
    </article>
  );
}
