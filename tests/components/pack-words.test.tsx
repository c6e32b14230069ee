/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { AccountTables } from '@/components/pay/account-tables';
import { PayResultView } from '@/components/pay/pay-result';
import { PaymentTable } from '@/components/pay/payment-table';
import { ReceiptView } from '@/components/pay/receipt-view';
import { PricingTable } from '@/components/landing/pricing-table';
import { PolicyPage } from '@/components/policy/policy-page';
import { formatMoney } from '@/lib/i18n/format-money';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { queryPack } from '@/lib/pricing/catalogue';
import type { PaymentRecord } from '@/lib/shared/payment-history';
import type { PayContextView } from '@/lib/shared/pay-view';
import type { Receipt } from '@/lib/shared/receipt';
import { IntlWrapper } from '../support/intl';
import { inLocale, paidReceipt } from '../support/receipt';

jest.mock('next/navigation', () => ({
  ...jest.requireActual<object>('next/navigation'),
  usePathname: () => '/pay',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }),
  useParams: () => ({ locale: 'en' }),
}));

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const packPrice = (locale: Locale) => {
  const { tag, currency } = localeInfo(locale);
  return plain(formatMoney(tag, queryPack.price[currency], currency));
};

const account: PayContextView['account'] = {
  platform: 'telegram',
  userId: '1001',
  username: 'alice',
  fullName: 'Alice Nguyen',
  referralCode: 'ALICE1',
  plan: 'free',
  planExpiresAt: null,
};

describe('the account table', () => {
  it('shows each expiry’s extra queries left, soonest first', () => {
    const extraQueries = [
      { remaining: 100, expiresAt: '2027-11-28T10:00:00.000Z' },
      { remaining: 250, expiresAt: '2028-01-05T10:00:00.000Z' },
    ];
    render(<AccountTables context={{ account: { ...account, extraQueries }, team: null }} now={new Date()} />, {
      wrapper: IntlWrapper,
    });
    expect(screen.getAllByTestId('extra-queries').map((row) => row.textContent)).toEqual([
      'Extra queries100 queries, usable until November 28, 2027',
      'Extra queries250 queries, usable until January 5, 2028',
    ]);
  });

  it.each([undefined, []])('shows no extra queries row when the account has none (%p)', (extraQueries) => {
    render(<AccountTables context={{ account: { ...account, extraQueries }, team: null }} now={new Date()} />, {
      wrapper: IntlWrapper,
    });
    expect(screen.queryByTestId('extra-queries')).toBeNull();
  });
});

const packRecord: PaymentRecord = {
  orderId: 'b1b2c3d4e5'.padEnd(32, '0'),
  reference: 'B1B2C3D4E5',
  createdAt: '2026-11-28T10:00:00.000Z',
  plan: 'query_pack',
  period: 'once',
  months: queryPack.validMonths,
  seats: null,
  quantity: 2,
  renewalCycle: null,
  amount: 2 * queryPack.price.VND,
  currency: 'VND',
  gateway: 'vnpay',
  gatewayName: 'VNPay',
  method: 'qr',
  status: 'paid',
};

describe('a purchase of query packs is named as packs, never as a plan', () => {
  it('on the result view: how many packs, their extra queries and until when', () => {
    render(
      <PayResultView
        result={{
          status: 'success',
          purchase: {
            orderId: packRecord.orderId,
            plan: 'query_pack',
            months: queryPack.validMonths,
            seats: null,
            quantity: 2,
            amount: packRecord.amount,
            currency: 'VND',
            expiresAt: '2027-11-28T10:00:00.000Z',
            receipt: 'here',
          },
        }}
        supportEmail="help@example.com"
      />,
      { wrapper: IntlWrapper },
    );
    const purchase = screen.getByTestId('purchase');
    expect(screen.getByTestId('purchase-packs')).toHaveTextContent(
      'Query packs × 2 — 200 extra queries, usable until November 28, 2027',
    );
    expect(purchase).not.toHaveTextContent(/Plan:|Period:|Team size|now runs until/);
  });

  it('on the result view without the buyer’s session: for how long, from the payment', () => {
    render(
      <PayResultView
        result={{
          status: 'success',
          purchase: {
            orderId: packRecord.orderId,
            plan: 'query_pack',
            months: queryPack.validMonths,
            seats: null,
            quantity: 1,
            amount: queryPack.price.VND,
            currency: 'VND',
            expiresAt: null,
            receipt: 'in_chat',
          },
        }}
        supportEmail="help@example.com"
      />,
      { wrapper: IntlWrapper },
    );
    expect(screen.getByTestId('purchase-packs')).toHaveTextContent(
      `Query pack × 1 — 100 extra queries, usable for ${queryPack.validMonths} months from the payment`,
    );
  });

  it('in the payment history: packs, queries and how long they last; a refund takes back unused queries, not days', () => {
    const refunded: PaymentRecord = {
      ...packRecord,
      orderId: 'c1b2c3d4e5'.padEnd(32, '0'),
      status: 'refunded',
      refund: { amount: packRecord.amount, at: '2026-12-01T10:00:00.000Z', daysTaken: 0, planExpiresAt: null },
    };
    render(<PaymentTable payments={[packRecord, refunded]} labelledBy="x" receiptPath="/pay" />, {
      wrapper: IntlWrapper,
    });
    const cells = screen.getAllByRole('cell').filter((cell) => cell.getAttribute('data-label') === 'Purchase');
    expect(cells[0]).toHaveTextContent(
      `Query packs × 2 · 200 extra queries · usable for ${queryPack.validMonths} months`,
    );
    expect(screen.getByTestId('queries-taken')).toHaveTextContent('The packs’ unused queries were taken back');
    expect(screen.queryByTestId('days-taken')).toBeNull();
  });

  it('in the history, a part refund of packs takes back the refund’s share of the queries', () => {
    const partly: PaymentRecord = {
      ...packRecord,
      status: 'partly_refunded',
      refund: { amount: queryPack.price.VND, at: '2026-12-01T10:00:00.000Z', daysTaken: 0, planExpiresAt: null },
    };
    render(<PaymentTable payments={[partly]} labelledBy="x" receiptPath="/pay" />, { wrapper: IntlWrapper });
    expect(screen.getByTestId('queries-taken')).toHaveTextContent(
      'The refund’s share of the packs’ queries was taken back, from those still unused',
    );
  });

  it('on the receipt and its credit note: packs, queries and the day they expire, a year after the payment', () => {
    const receipt: Receipt = {
      ...paidReceipt,
      item: { plan: 'query_pack', months: queryPack.validMonths, seats: null, quantity: 2, renewalCycle: null },
      amount: packRecord.amount,
      paidAt: '2026-11-28T10:00:00.000Z',
      creditNotes: [
        { reference: 'CN1', amount: packRecord.amount, refundedAt: '2026-12-01T10:00:00.000Z', gatewayReference: null },
      ],
    };
    render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('en') });
    const [item, creditItem] = screen.getAllByRole('cell').filter((cell) => /Query packs/.test(cell.textContent ?? ''));
    expect(item).toHaveTextContent('Query packs × 2 · 200 extra queries · usable until November 28, 2027');
    expect(creditItem).toHaveTextContent('Refund: Query packs × 2 · 200 extra queries');
  });
});

describe('pay-as-you-go names the catalogue’s pack', () => {
  it.each(['en', 'vi'] as const)('on the %s landing: the pack’s queries, price and months', (locale) => {
    render(<PricingTable locale={locale} />, { wrapper: inLocale(locale) });
    const line = plain(screen.getByTestId('feature-payAsYouGo').textContent);
    expect(line).toContain(packPrice(locale));
    expect(line).toContain(String(queryPack.queries));
    expect(line).toContain(String(queryPack.validMonths));
  });

  it('in the payment policy: a section on query packs with their contents and price', () => {
    render(<PolicyPage page="paymentPolicy" />, { wrapper: inLocale('en') });
    const section = screen.getByRole('region', { name: /Query packs: pay as you go/ });
    expect(plain(section.textContent)).toContain(
      `A pack gives ${queryPack.queries} more queries for ${packPrice('en')}`,
    );
    expect(section).toHaveTextContent(`up to ${queryPack.maxQuantity} packs in one payment`);
    expect(section).toHaveTextContent(`usable for ${queryPack.validMonths} months from the payment`);
  });

  it('in the refund policy: a refund of packs takes back their unused queries', () => {
    render(<PolicyPage page="warrantyPolicy" />, { wrapper: inLocale('en') });
    expect(screen.getByRole('region', { name: /How to ask for a refund/ })).toHaveTextContent(
      'A refund of query packs takes back their unused queries',
    );
  });
});
