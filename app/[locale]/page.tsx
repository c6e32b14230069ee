import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/server/seo';
import type { Locale } from '@/lib/i18n/locales';
import { About, Download, Features, Hero, HowItWorks, Testimonials } from '@/components/landing/sections';
import { PricingTable } from '@/components/landing/pricing-table';
import '@/components/landing/landing.css';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'home');
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = (await params).locale as Locale;
  return (
    <>
      {/* Reveals start hidden; without JavaScript nothing would ever show them. */}
      <noscript>
        <style>{'[data-reveal]{opacity:1!important;transform:none!important}'}</style>
      </noscript>
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
