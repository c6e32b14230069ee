import { useTranslations } from 'next-intl';
import type { PolicyPageKey } from '@/lib/config/pages';

/** The frame every policy page shares: heading and last-updated line, then the text. */
export function PolicyPage({ page }: { page: PolicyPageKey }) {
  const t = useTranslations('PolicyLinks');
  return (
    <article className="policy">
      <h1>{t(page)}</h1>
    </article>
  );
}
