/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import type { PayFormProps } from '@/lib/shared/pay-form';
import messages from '@/messages/en.json';
import { payForm, showForm, teamExpiry } from '../support/pay-form';

// PayPal's buttons load on demand; a VND gateway is chosen here.
jest.mock('next/dynamic', () => () => () => null);

const form = (seats: number): PayFormProps => payForm({ team: { plan: 'team_pro', expiresAt: teamExpiry, seats } });
const { form: text } = messages.PayPage;
const show = (seats: number) => showForm(form(seats), 'vi');
const askFor = (seats: string) => {
  fireEvent.click(screen.getByRole('checkbox', { name: text.increaseSeats }));
  fireEvent.change(screen.getByLabelText(text.seatsLabel), { target: { value: seats } });
};
const keepPlan = () => fireEvent.click(screen.getByRole('radio', { name: new RegExp(text.periodKeep) }));
const payButton = () => screen.getByRole('button', { name: text.checkout });
const amount = () => screen.getByTestId('quote-amount').textContent?.replace(/\D/g, '');

describe('the pay form sells Team Pro seats in whole blocks', () => {
  it('says before paying that 25 seats asked are 3 blocks, 30 seats, for 3 blocks’ price', () => {
    show(10);
    askFor('25');
    expect(screen.getByTestId('quote-seats')).toHaveTextContent('3 blocks — 30 seats');
    expect(amount()).toBe(String(3 * 350_000));
    expect(payButton()).toBeEnabled();
  });

  it('states the team’s seats and the block rule in seats, not members', () => {
    show(30);
    expect(screen.getByText(/^The team has 30 seats now\. Team Pro is sold in blocks of 10 seats/)).toBeVisible();
  });

  it('keeping the plan with one seat more than 30 is a payable, prorated increase to 4 blocks — 40 seats', () => {
    show(30);
    keepPlan();
    askFor('31');
    expect(screen.getByTestId('quote-seats')).toHaveTextContent('4 blocks — 40 seats');
    // One more block for the 61 days left of a 30-day month, rounded up.
    expect(amount()).toBe(String(Math.ceil((350_000 * 61) / 30)));
    expect(screen.queryByText(text.nothingToPay)).toBeNull();
    expect(payButton()).toBeEnabled();
  });

  it('keeping the plan refuses a size the team already has, and never says there is nothing to pay for more seats', () => {
    show(30);
    keepPlan();
    askFor('30');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number of seats greater than 30.');
    expect(payButton()).toBeDisabled();
    for (const seats of ['31', '39', '40', '41']) {
      fireEvent.change(screen.getByLabelText(text.seatsLabel), { target: { value: seats } });
      expect(screen.queryByText(text.nothingToPay)).toBeNull();
      expect(payButton()).toBeEnabled();
    }
  });
});
