/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { PayResultView } from '@/components/pay/pay-result';
import { PaymentTable } from '@/components/pay/payment-table';
import type { PaymentRecord } from '@/lib/shared/payment-history';
import en from '@/messages/en.json';
import vi from '@/messages/vi.json';

jest.mock('next/navigation', () => ({
  ...jest.requireActual<object>('next/navigation'),
  usePathname: () => '/pay',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }),
  useParams: () => ({ locale: 'en' }),
}));

const catalogs = { en, vi } as const;
/** The provider as the layout renders it, with the locale's own messages. */
function inLocale(locale: keyof typeof catalogs) {
  return function LocaleWrapper({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale={locale} messages={catalogs[locale]} timeZone="UTC">
        {children}
      </NextIntlClientProvider>
    );
  };
}

const declined: PaymentRecord = {
  orderId: 'd'.repeat(32),
  reference: 'DDDDDDDDDD',
  createdAt: '2026-11-20T09:30:00.000Z',
  plan: 'individual_pro',
  period: 'period0',
  months: 1,
  seats: null,
  renewalCycle: null,
  amount: 49_000,
  currency: 'VND',
  gateway: 'momo',
  gatewayName: 'MoMo',
  method: 'wallet',
  status: 'failed',
  code: '1001',
  reason: 'insufficient_funds',
};

describe.each(['en', 'vi'] as const)('a declined payment in %s', (locale) => {
  const words = catalogs[locale].PayPage.declines;

  it('the result view says why, that nothing was charged and what to try next, in its status region, with no error code', () => {
    render(
      <PayResultView result={{ status: 'declined', reason: 'limit_exceeded' }} supportEmail="help@example.com" />,
      { wrapper: inLocale(locale) },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(words.title);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(words.reasons.limit_exceeded);
    expect(status).toHaveTextContent(words.next.limit_exceeded);
    expect(status).toHaveTextContent(locale === 'en' ? 'Nothing was charged.' : 'Bạn không bị trừ tiền.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('failure-code')).toBeNull();
    expect(document.body).not.toHaveTextContent(catalogs[locale].PayPage.result.failed1);
    expect(screen.getByRole('link', { name: catalogs[locale].PayPage.result.back })).toBeInTheDocument();
  });

  it('the history row shows the same reason as the result view, with "nothing charged" instead of an error code', () => {
    render(<PaymentTable payments={[declined]} labelledBy="payments" receiptPath="/pay" />, {
      wrapper: inLocale(locale),
    });
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    const status = within(row).getAllByRole('cell')[4]!;
    expect(status).toHaveTextContent(catalogs[locale].PayPage.history.statusDeclined);
    expect(status).toHaveTextContent(words.reasons.insufficient_funds);
    expect(status).not.toHaveTextContent('1001');
    expect(within(row).queryByRole('link')).toBeNull();
  });
});

it('the two locales say it in their own words', () => {
  expect(vi.PayPage.declines.reasons.insufficient_funds).not.toBe(en.PayPage.declines.reasons.insufficient_funds);
  expect(vi.PayPage.history.statusDeclined).not.toBe(en.PayPage.history.statusDeclined);
});

it('a failed payment without a reason keeps its code in the history, as before', () => {
  const { reason: _reason, ...unexplained } = declined;
  render(<PaymentTable payments={[{ ...unexplained, code: '99/02' }]} labelledBy="payments" receiptPath="/pay" />, {
    wrapper: inLocale('en'),
  });
  expect(screen.getByText('Failed (code 99/02)')).toBeInTheDocument();
  expect(screen.queryByText(en.PayPage.history.statusDeclined)).toBeNull();
});
