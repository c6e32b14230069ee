/** @jest-environment jsdom */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import messages from '@/messages/en.json';
import { payForm, showForm } from '../support/pay-form';

jest.mock('next/dynamic', () => () => () => null);

const teamPro = () => screen.getByRole('radio', { name: /Team Pro/ });
const payButton = () => screen.queryByRole('button', { name: 'Continue to payment' });

describe('a member who is not the team’s admin on the pay form', () => {
  it('starts on their own plan and can pay for it', () => {
    showForm(payForm({ teamAdminsOnly: { admins: ['Alice Nguyen'] } }));
    expect(screen.getByRole('radio', { name: /Individual Pro/ })).toBeChecked();
    expect(payButton()).toBeEnabled();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('sees Team Pro with whom to ask in place of a pay button', () => {
    showForm(payForm({ teamAdminsOnly: { admins: ['Alice Nguyen', 'Bob Tran'] } }));
    fireEvent.click(teamPro());
    expect(teamPro()).toBeChecked();
    expect(payButton()).toBeNull();
    expect(screen.getByTestId('team-admins-only')).toHaveTextContent(
      "Only your team's admins can pay for Team Pro. Ask an admin: \u2068Alice Nguyen\u2069 or \u2068Bob Tran\u2069.",
    );
  });

  it('is told to ask an admin of the team when the directory names none', () => {
    showForm(payForm({ teamAdminsOnly: { admins: [] }, initial: { plan: 'team_pro' } }));
    expect(payButton()).toBeNull();
    expect(screen.getByTestId('team-admins-only')).toHaveTextContent(
      "Only your team's admins can pay for Team Pro. Ask an admin of your team.",
    );
  });

  it('is never asked to cancel their own plan for a Team Pro they may not buy', () => {
    const running = { plan: 'individual_pro' as const, expiresAt: '2027-01-01T00:00:00.000Z', seats: 1 };
    showForm(payForm({ user: running, teamAdminsOnly: { admins: ['Alice Nguyen'] }, initial: { plan: 'team_pro' } }));
    expect(screen.getByTestId('team-admins-only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.PayPage.form.cancelFirst })).toBeNull();
    expect(screen.queryByText(messages.PayPage.form.mustCancel)).toBeNull();
  });

  it('is not what an admin sees: Team Pro stays payable, after cancelling their own plan', () => {
    const running = { plan: 'individual_pro' as const, expiresAt: '2027-01-01T00:00:00.000Z', seats: 1 };
    showForm(payForm({ user: running, initial: { plan: 'team_pro' } }));
    expect(screen.getByRole('button', { name: messages.PayPage.form.cancelFirst })).toBeInTheDocument();
    cleanup();
    showForm(payForm({ initial: { plan: 'team_pro' } }));
    expect(teamPro()).toBeChecked();
    expect(payButton()).toBeEnabled();
    expect(screen.queryByTestId('team-admins-only')).toBeNull();
  });
});
