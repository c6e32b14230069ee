/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { landingSections } from '@/lib/config/pages';
import { About, Download, Features, Hero, HowItWorks, Testimonials } from '@/components/landing/sections';
import { PricingTable } from '@/components/landing/pricing-table';
import { SiteHeader } from '@/components/layout/site-header';
import type { Locale } from '@/lib/i18n/locales';

jest.mock('next/navigation', () => ({
  // The rest as it is: next-intl's ES build imports redirect and the others by name (Node 24 links them).
  ...jest.requireActual<object>('next/navigation'),
  usePathname: () => '/',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), refresh: jest.fn() }),
  useParams: () => ({ locale: 'en' }),
  useSearchParams: () => new URLSearchParams(),
}));

beforeAll(() => {
  // jsdom has no matchMedia; the video leaf asks it about reduced motion.
  Object.defineProperty(window, 'matchMedia', {
    value: () => ({ matches: true, addEventListener() {}, removeEventListener() {} }),
  });
});

const renderIn = (locale: Locale, ui: React.ReactNode) =>
  render(
    <NextIntlClientProvider locale={locale} messages={en} timeZone="UTC">
      {ui}
    </NextIntlClientProvider>,
  );

const normalise = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('pricing table', () => {
  it('quotes Vietnamese visitors in dong: 49.000 ₫ per user and 350.000 ₫ per block of members', () => {
    renderIn('vi', <PricingTable locale="vi" />);
    expect(normalise(screen.getByTestId('price-individual_pro').textContent)).toContain('49.000 ₫');
    expect(normalise(screen.getByTestId('price-team_pro').textContent)).toContain('350.000 ₫');
  });

  it.each(['en', 'de'] as const)('quotes %s visitors in US dollars', (locale) => {
    renderIn(locale, <PricingTable locale={locale} />);
    expect(screen.getByTestId('price-individual_pro').textContent).toMatch(/1[.,]99/);
    expect(screen.getByTestId('price-individual_pro').textContent).toMatch(/\$/);
    expect(screen.getByTestId('price-team_pro').textContent).toMatch(/14[.,]99/);
  });

  it('shows the allowances from the catalogue and the 7- and 12-month bonuses', () => {
    renderIn('en', <PricingTable locale="en" />);
    expect(screen.getByText('5 queries per user per day')).toBeInTheDocument();
    expect(screen.getByText('50 queries per user per day')).toBeInTheDocument();
    expect(screen.getByText('Unlimited queries')).toBeInTheDocument();
    expect(screen.getByTestId('bonus-period1')).toHaveTextContent('7 months for the price of 6');
    expect(screen.getByTestId('bonus-period2')).toHaveTextContent('12 months for the price of 10');
  });

  it('sends the free plan to /join and paid plans to how to get a pay link', () => {
    renderIn('en', <PricingTable locale="en" />);
    const free = screen.getByText('Start free').closest('a');
    expect(free).toHaveAttribute('href', '/join');
    for (const link of screen.getAllByText('How to upgrade'))
      expect(link.closest('a')).toHaveAttribute('href', '/join#pay-link');
  });
});

describe('landing sections and navigation', () => {
  it('renders a section for every anchor the navigation points at', () => {
    const { container } = renderIn(
      'en',
      <>
        <SiteHeader />
        <Hero />
        <About />
        <Features />
        <HowItWorks />
        <PricingTable locale="en" />
        <Testimonials />
        <Download />
      </>,
    );
    for (const id of landingSections) expect(container.querySelector(`section#${id}`)).not.toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const link of within(nav).getAllByRole('link')) {
      const hash = link.getAttribute('href')?.split('#')[1];
      if (hash) expect(container.querySelector(`#${hash}`)).not.toBeNull();
    }
  });

  it('has six features with an icon each and six numbered steps', () => {
    const { container } = renderIn(
      'en',
      <>
        <Features />
        <HowItWorks />
      </>,
    );
    expect(container.querySelectorAll('#features li svg')).toHaveLength(6);
    expect(container.querySelectorAll('#how-it-works ol > li')).toHaveLength(6);
  });

  it('gives the hero video a poster, muted inline playback, no autoplay attribute and a fallback text', () => {
    const { container } = renderIn('en', <Hero />);
    const video = container.querySelector('video')!;
    expect(video.getAttribute('poster')).toMatch(/^data:image\/svg\+xml,/);
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video).not.toHaveAttribute('autoplay');
    expect(video.textContent).toContain('Your browser cannot play this video');
    expect(screen.getByRole('link', { name: /Start free/ })).toHaveAttribute('href', '/join');
  });
});
