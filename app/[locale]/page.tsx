import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';
import { About, Download, Features, Hero, HowItWorks, Testimonials } from '@/components/landing/sections';
import { PricingTable } from '@/components/landing/pricing-table';
import { BeforeFrameworkScript } from '@/components/landing/before-framework';
import '@/components/landing/landing.css';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'home');
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = (await params).locale as Locale;
  return (
    <>
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
