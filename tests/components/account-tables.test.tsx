/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { AccountTables } from '@/components/pay/account-tables';
import type { PayContextView } from '@/lib/shared/pay-view';
import { IntlWrapper } from '../support/intl';

/*
 * The account and team tables read the pay view as JSON carries it: expiry dates as ISO strings,
 * written out in the page's locale, and judged against the server's clock.
 */
const now = new Date('2026-06-01T00:00:00.000Z');

const context = (accountExpiry: string | null, teamExpiry: string | null): PayContextView => ({
  account: {
    platform: 'telegram',
    userId: '1001',
    username: 'alice',
    fullName: 'Alice Nguyen',
    referralCode: 'ALICE1',
    plan: 'individual_pro',
    planExpiresAt: accountExpiry,
  },
  team: {
    platform: 'telegram',
    teamId: '-1002001',
    name: 'Acme Growth',
    plan: 'team_pro',
    planExpiresAt: teamExpiry,
    seats: 10,
    memberCount: 4,
    membership: { role: 'admin', status: 'active' },
    admins: [],
  },
});

const show = (view: PayContextView) =>
  render(
    <IntlWrapper>
      <AccountTables context={view} now={now} />
    </IntlWrapper>,
  );

const row = (table: string, heading: string) =>
  within(screen.getByTestId(table)).getByRole('rowheader', { name: heading }).closest('tr')!;

describe('the account and team tables', () => {
  it('write an ISO expiry as a date in the page’s language, and a plan still running as active', () => {
    show(context('2026-12-31T00:00:00.000Z', '2026-09-15T00:00:00.000Z'));
    expect(row('account-table', 'Plan expires')).toHaveTextContent('December 31, 2026');
    expect(screen.getByTestId('team-expiry')).toHaveTextContent('September 15, 2026');
    expect(row('team-table', 'Status')).toHaveTextContent('Active');
  });

  it('say when a plan that ended before the server’s clock expired', () => {
    show(context('2026-05-31T00:00:00.000Z', '2026-01-01T00:00:00.000Z'));
    expect(row('account-table', 'Plan expires')).toHaveTextContent('Expired on May 31, 2026');
    expect(row('team-table', 'Status')).toHaveTextContent('Expired');
  });

  it('say a plan without an expiry does not expire', () => {
    show(context(null, null));
    expect(row('account-table', 'Plan expires')).toHaveTextContent('Does not expire');
    expect(screen.getByTestId('team-expiry')).toHaveTextContent('Does not expire');
  });
});
