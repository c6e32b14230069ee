import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { opsPageContext } from '@/lib/server/ops/page';
import styles from '@/components/ops/ops.module.css';

// The operators' console: its own root layout, outside the site's locales; never indexed.
export async function generateMetadata(): Promise<Metadata> {
  const { t } = await opsPageContext();
  return {
    title: { template: t('meta.titleTemplate'), default: t('meta.title') },
    robots: { index: false, follow: false },
  };
}

export default async function OpsLayout({ children }: { children: ReactNode }) {
  const { locale } = await opsPageContext();
  return (
    <html lang={locale}>
      <body className={styles.body}>{children}</body>
    </html>
  );
}
