/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentHistory } from '@/components/pay/payment-history';
import type { PaymentHistoryPage, PaymentRecord } from '@/lib/shared/payment-history';
import { IntlWrapper } from '../support/intl';

const record = (overrides: Partial<PaymentRecord>): PaymentRecord => ({
  orderId: 'a1b2c3d4e5'.padEnd(32, '0'),
  reference: 'A1B2C3D4E5',
  createdAt: '2026-11-20T09:30:00.000Z',
  plan: 'team_pro',
  period: 'period1',
  months: 7,
  seats: 30,
  renewalCycle: null,
  amount: 6_300_000,
  currency: 'VND',
  gateway: 'vnpay',
  gatewayName: 'VNPay',
  method: 'qr',
  status: 'paid',
  ...overrides,
});

/** jsdom has no fetch Response: what the component reads of one. */
const answer = (status: number, body: unknown) =>
  ({ ok: status < 300, status, json: async () => body }) as unknown as Response;

/** The history API as the browser reaches it: one answer per page asked, and the pages asked recorded. */
function serveHistory(pages: Record<number, PaymentHistoryPage>) {
  const asked: string[] = [];
  global.fetch = jest.fn(async (url: string | URL | Request) => {
    const page = Number(new URL(String(url), 'http://localhost').searchParams.get('page'));
    asked.push(String(url));
    return answer(200, pages[page]);
  }) as unknown as typeof fetch;
  return asked;
}

/** The history as the payer reaches it: the disclosure under the form, opened. */
function renderOpened() {
  const rendered = render(<PaymentHistory />, { wrapper: IntlWrapper });
  void userEvent.click(screen.getByRole('heading', { name: 'Your payments' }));
  return rendered;
}

describe('the payment history', () => {
  it('asks the server nothing until the payer opens it', async () => {
    const asked = serveHistory({ 1: { page: 1, hasOlder: false, payments: [record({})] } });
    render(<PaymentHistory />, { wrapper: IntlWrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    await userEvent.click(screen.getByRole('heading', { name: 'Your payments' }));
    expect(await screen.findByText('A1B2C3D4E5')).toBeInTheDocument();
    expect(asked).toEqual(['/api/pay/history?page=1']);
  });

  it('shows each payment’s date, purchase, amount, gateway and method, status and reference in a labelled table', async () => {
    serveHistory({
      1: {
        page: 1,
        hasOlder: false,
        payments: [
          record({ reference: 'FFFF000011', status: 'failed', code: '51/02' }),
          record({
            plan: 'individual_pro',
            seats: null,
            months: 1,
            renewalCycle: 2,
            amount: 199,
            currency: 'USD',
            gateway: 'paypal',
            gatewayName: 'PayPal',
            method: 'paypal',
            status: 'refunded',
            reference: 'EEEE000022',
          }),
        ],
      },
    });
    renderOpened();
    const table = await screen.findByRole('table', { name: 'Your payments' });
    const [failed, refunded] = within(table).getAllByRole('row').slice(1);
    expect(failed).toHaveTextContent('November 20, 2026, 9:30 AM');
    expect(failed).toHaveTextContent('Team Pro · 7 months · 30 seats');
    expect(failed).toHaveTextContent('₫6,300,000');
    expect(failed).toHaveTextContent('VNPay · VNPay QR code');
    expect(failed).toHaveTextContent('Failed (code 51/02)');
    expect(failed).toHaveTextContent('FFFF000011');
    expect(refunded).toHaveTextContent('Individual Pro · 1 month · subscription payment 2');
    expect(refunded).toHaveTextContent('$1.99');
    expect(refunded).toHaveTextContent('PayPal · PayPal account');
    expect(refunded).toHaveTextContent('Refunded');
    expect(screen.queryByRole('navigation')).toBeNull();
    // Only a paid payment has a receipt.
    expect(within(failed!).queryByRole('link')).toBeNull();
    expect(within(refunded!).queryByRole('link')).toBeNull();
  });

  it('says how much of a paid payment went back and when, and keeps its receipt (where the credit notes are)', async () => {
    serveHistory({
      1: {
        page: 1,
        hasOlder: false,
        payments: [
          record({
            orderId: 'e'.repeat(32),
            reference: 'PARTLY0001',
            amount: 6_300_000,
            currency: 'VND',
            status: 'partly_refunded',
            refund: {
              amount: 2_100_000,
              at: '2026-11-25T03:00:00.000Z',
              daysTaken: 71,
              planExpiresAt: '2027-02-03T03:00:00.000Z',
            },
          }),
        ],
      },
    });
    renderOpened();
    const row = (await screen.findByText('PARTLY0001')).closest('tr')!;
    expect(row).toHaveTextContent('Partly refunded');
    // The day alone: "{date}" names a day in every language, the time stays in the date column.
    expect(within(row).getByTestId('refunded-on')).toHaveTextContent(/^₫2,100,000 refunded on November 25, 2026$/);
    // What the refund did to the plan: the days, and the expiry the account has now.
    expect(within(row).getByTestId('days-taken')).toHaveTextContent(
      '71 days taken off the plan: it now expires on February 3, 2027',
    );
    expect(within(row).getByRole('link', { name: 'Receipt for payment PARTLY0001' })).toBeInTheDocument();
  });

  it('says a refund that took all of a plan’s remaining time ended it, on the day of the refund', async () => {
    serveHistory({
      1: {
        page: 1,
        hasOlder: false,
        payments: [
          record({
            orderId: 'f'.repeat(32),
            reference: 'ENDED00001',
            status: 'refunded',
            refund: {
              amount: 199,
              at: '2026-11-28T04:44:00.000Z',
              daysTaken: 30,
              planExpiresAt: '2026-11-28T04:44:00.000Z',
            },
          }),
        ],
      },
    });
    renderOpened();
    const row = (await screen.findByText('ENDED00001')).closest('tr')!;
    expect(within(row).getByTestId('days-taken')).toHaveTextContent(
      '30 days taken off the plan: it ended on November 28, 2026',
    );
  });

  it('names only the days while the account has not yet been told of the refund', async () => {
    serveHistory({
      1: {
        page: 1,
        hasOlder: false,
        payments: [
          record({
            orderId: 'a1'.repeat(16),
            reference: 'WAITING001',
            status: 'refunded',
            refund: { amount: 199, at: '2026-11-28T04:44:00.000Z', daysTaken: 30, planExpiresAt: null },
          }),
        ],
      },
    });
    renderOpened();
    const row = (await screen.findByText('WAITING001')).closest('tr')!;
    expect(within(row).getByTestId('days-taken')).toHaveTextContent(/^30 days taken off the plan$/);
  });

  it('links each paid payment to its receipt, named by its reference', async () => {
    serveHistory({
      1: { page: 1, hasOlder: false, payments: [record({ orderId: 'c'.repeat(32), reference: 'CCCCCCCCCC' })] },
    });
    renderOpened();
    expect(await screen.findByRole('link', { name: 'Receipt for payment CCCCCCCCCC' })).toHaveAttribute(
      'href',
      `/pay?receipt=${'c'.repeat(32)}&payments=1`,
    );
  });

  it('comes back from a receipt opened on page 2 open on page 2, scrolled into view, and its receipts lead back there again', async () => {
    const asked = serveHistory({
      2: { page: 2, hasOlder: false, payments: [record({ orderId: 'd'.repeat(32), reference: 'OLDEST0002' })] },
    });
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(<PaymentHistory openAt={2} />, { wrapper: IntlWrapper });
    expect(screen.getByTestId('payment-history')).toHaveAttribute('open');
    expect(await screen.findByText('OLDEST0002')).toBeInTheDocument();
    expect(asked).toEqual(['/api/pay/history?page=2']);
    expect(scrolled).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Receipt for payment OLDEST0002' })).toHaveAttribute(
      'href',
      `/pay?receipt=${'d'.repeat(32)}&payments=2`,
    );
  });

  it('pages to older payments and back, asking the server for each page', async () => {
    const asked = serveHistory({
      1: { page: 1, hasOlder: true, payments: [record({ reference: 'NEWEST0001' })] },
      2: { page: 2, hasOlder: false, payments: [record({ reference: 'OLDEST0002' })] },
    });
    renderOpened();
    expect(await screen.findByText('NEWEST0001')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('OLDEST0002')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('NEWEST0001')).toBeInTheDocument();
    expect(asked).toEqual(['/api/pay/history?page=1', '/api/pay/history?page=2', '/api/pay/history?page=1']);
  });

  it('says when there are no payments yet, and offers to try again when the history cannot be read', async () => {
    serveHistory({ 1: { page: 1, hasOlder: false, payments: [] } });
    const { unmount } = renderOpened();
    expect(await screen.findByText('You have not made any payments yet.')).toBeInTheDocument();
    unmount();

    global.fetch = jest.fn(async () => answer(503, {})) as unknown as typeof fetch;
    renderOpened();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your payments cannot be shown right now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
