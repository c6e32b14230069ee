/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { TeamPayments } from '@/components/team/team-payments';
import type { TeamPaymentRecord } from '@/lib/shared/payment-history';
import { IntlWrapper } from '../support/intl';

const record = (orderId: string, payer: TeamPaymentRecord['payer']): TeamPaymentRecord => ({
  orderId: orderId.padEnd(32, '0'),
  reference: orderId.toUpperCase(),
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
  payer,
});

describe('the team page’s payments', () => {
  it('say who paid each one: a member by name, someone who left as a former member with their id', () => {
    render(
      <IntlWrapper>
        <TeamPayments
          history={{
            payments: [record('a1', { name: 'Bob Tran' }), record('b2', { formerMemberId: '1010' })],
            page: 1,
            hasOlder: false,
          }}
        />
      </IntlWrapper>,
    );
    const table = screen.getByRole('table', { name: 'Team payments' });
    expect(within(table).getByRole('columnheader', { name: 'Paid by' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByTestId('paid-by')
        .map((cell) => cell.textContent),
    ).toEqual(['Bob Tran', 'A former member (ID 1010)']);
  });
});
