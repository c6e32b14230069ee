/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import type { PayFormProps } from '@/lib/shared/pay-form';
import messages from '@/messages/en.json';
import { gatewayChoices, payForm, showForm, teamExpiry } from '../support/pay-form';

// PayPal's buttons load on demand; here they are not needed to see what the form starts on.
jest.mock('next/dynamic', () => () => () => null);

const gateways = gatewayChoices;
const form = (overrides: Partial<PayFormProps> = {}): PayFormProps => payForm({ gateways, ...overrides });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(escape(name)) });
const { form: text } = messages.PayPage;

describe('the pay form starts where the payer is', () => {
  it.each([
    ['en', 'paypal'],
    ['ja', 'paypal'],
    ['ur', 'paypal'],
    ['vi', 'vnpay'],
  ] as const)('preselects a gateway in the currency of the %s page (%s)', (locale, gateway) => {
    showForm(form(), locale);
    expect(radio(text.gateways[gateway])).toBeChecked();
  });

  it('falls back to the first available gateway when none takes the locale’s currency', () => {
    showForm(form({ gateways: gateways.map((g) => (g.id === 'paypal' ? { ...g, available: false } : g)) }), 'en');
    expect(radio(text.gateways.vnpay)).toBeChecked();
  });

  it('opens an Individual Pro user on Individual Pro (a renewal), even from a team chat', () => {
    showForm(form({ user: { plan: 'individual_pro', expiresAt: teamExpiry, seats: 1 } }));
    expect(radio(messages.Plans.names.individual_pro)).toBeChecked();
  });

  it('opens a team admin without a plan of their own on Team Pro', () => {
    showForm(form());
    expect(radio(messages.Plans.names.team_pro)).toBeChecked();
  });

  it('offers no Team Pro to a link without a team, and says where it is bought', () => {
    showForm(form({ team: null }));
    expect(radio(messages.Plans.names.individual_pro)).toBeChecked();
    expect(radio(messages.Plans.names.team_pro)).toBeDisabled();
    expect(screen.getByText(text.teamRequired)).toBeVisible();
  });

  it('offers "keep my current plan" (paying only for more seats) for Team Pro only, never to an Individual Pro renewal', () => {
    showForm(form({ user: { plan: 'individual_pro', expiresAt: teamExpiry, seats: 1 }, team: null }));
    expect(screen.queryByRole('radio', { name: new RegExp(escape(text.periodKeep)) })).toBeNull();
  });

  it('opens the team page’s “add seats” link on an active plan on “keep my current plan”, with a gateway that can take it', () => {
    showForm(form({ initial: { plan: 'team_pro', seats: 11 } }), 'en');
    expect(radio(text.periodKeep)).toBeChecked();
    // English pages start on PayPal, which cannot take only a larger team: VNPay can.
    expect(radio(text.gateways.vnpay)).toBeChecked();
    expect(screen.getByRole('button', { name: text.checkout })).toBeEnabled();
  });
});
