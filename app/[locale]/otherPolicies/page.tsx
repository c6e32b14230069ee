import type { Metadata } from 'next';
import { PolicyPage } from '@/components/policy/policy-page';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';

export async function generateMetadata({ params }: PageProps<'/[locale]/otherPolicies'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'otherPolicies');
}

export default function Page() {
  return <PolicyPage page="otherPolicies" />;
}
