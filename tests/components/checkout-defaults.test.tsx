/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { CheckoutForm } from '@/components/pay/checkout-form';
import type { GatewayChoice } from '@/lib/payments/gateways';
import type { PayFormProps } from '@/lib/shared/pay-form';
import type { Locale } from '@/lib/i18n/locales';
import messages from '@/messages/en.json';
import { IntlWrapper } from '../support/intl';

// PayPal's buttons load on demand; here they are not needed to see what the form starts on.
jest.mock('next/dynamic', () => () => () => null);

const now = new Date('2026-11-25T00:00:00Z');
const later = new Date('2027-01-25T00:00:00Z').toISOString();
const gateways: GatewayChoice[] = [
  {
    id: 'vnpay',
    name: 'VNPay',
    currency: 'VND',
    methods: ['qr'],
    min: 5_000,
    max: 1_000_000_000,
    continuation: 'redirect',
    available: true,
  },
  {
    id: 'momo',
    name: 'MoMo',
    currency: 'VND',
    methods: ['wallet'],
    min: 1_000,
    max: 50_000_000,
    continuation: 'redirect',
    available: true,
  },
  {
    id: 'paypal',
    name: 'PayPal',
    currency: 'USD',
    methods: ['paypal'],
    min: 100,
    max: 1_000_000,
    continuation: 'paypal-buttons',
    available: true,
    period3: false,
  },
];
const form = (overrides: Partial<PayFormProps> = {}): PayFormProps => ({
  user: { plan: 'free', expiresAt: null, seats: 1 },
  team: { plan: 'team_pro', expiresAt: later, seats: 10 },
  gateways,
  now: now.toISOString(),
  initial: {},
  standing: { pending: [], renewing: [] },
  ...overrides,
});
const show = (props: PayFormProps, locale: Locale = 'en') =>
  render(
    <IntlWrapper locale={locale}>
      <CheckoutForm {...props} />
    </IntlWrapper>,
  );
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
    show(form(), locale);
    expect(radio(text.gateways[gateway])).toBeChecked();
  });

  it('falls back to the first available gateway when none takes the locale’s currency', () => {
    show(form({ gateways: gateways.map((g) => (g.id === 'paypal' ? { ...g, available: false } : g)) }), 'en');
    expect(radio(text.gateways.vnpay)).toBeChecked();
  });

  it('opens an Individual Pro user on Individual Pro (a renewal), even from a team chat', () => {
    show(form({ user: { plan: 'individual_pro', expiresAt: later, seats: 1 } }));
    expect(radio(messages.Plans.names.individual_pro)).toBeChecked();
  });

  it('opens a team admin without a plan of their own on Team Pro', () => {
    show(form());
    expect(radio(messages.Plans.names.team_pro)).toBeChecked();
  });

  it('offers no Team Pro to a link without a team, and says where it is bought', () => {
    show(form({ team: null }));
    expect(radio(messages.Plans.names.individual_pro)).toBeChecked();
    expect(radio(messages.Plans.names.team_pro)).toBeDisabled();
    expect(screen.getByText(text.teamRequired)).toBeVisible();
  });

  it('offers "keep my current plan" (paying only for more seats) for Team Pro only, never to an Individual Pro renewal', () => {
    show(form({ user: { plan: 'individual_pro', expiresAt: later, seats: 1 }, team: null }));
    expect(screen.queryByRole('radio', { name: new RegExp(escape(text.periodKeep)) })).toBeNull();
  });

  it('opens the team page’s “add seats” link on an active plan on “keep my current plan”, with a gateway that can take it', () => {
    show(form({ initial: { plan: 'team_pro', seats: 11 } }), 'en');
    expect(radio(text.periodKeep)).toBeChecked();
    // English pages start on PayPal, which cannot take only a larger team: VNPay can.
    expect(radio(text.gateways.vnpay)).toBeChecked();
    expect(screen.getByRole('button', { name: text.checkout })).toBeEnabled();
  });
});
