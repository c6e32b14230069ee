import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';
import { About, Download, Features, Hero, HowItWorks, Testimonials } from '@/components/landing/sections';
import { PricingTable } from '@/components/landing/pricing-table';
import { BeforeFrameworkScript } from '@/components/landing/before-framework';
import { ON_INTERACTION_META } from '@/lib/config/framework-start.mjs';
import '@/components/landing/landing.css';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'home');
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = (await params).locale as Locale;
  return (
    <>
      {/* Whole without the framework until the visitor acts: the build starts it on the first
          interaction here, not after the first paint (scripts/build/paint-first.mjs). */}
      <meta {...ON_INTERACTION_META} />
      <BeforeFrameworkScript />
      <Hero />
      <About />
      <Features />
      <HowItWorks />
      <PricingTable locale={locale} />
      <Testimonials />
      <Download />
    </>
  );
}
