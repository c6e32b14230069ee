/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { PurchaseForms } from '@/components/pay/purchase-forms';
import { PackForm } from '@/components/pay/pack-form';
import { plans, queryPack, type Currency } from '@/lib/pricing/catalogue';
import { IDEMPOTENCY_HEADER, type PackCheckoutRequest } from '@/lib/shared/checkout';
import type { PayFormProps } from '@/lib/shared/pay-form';
import { localeInfo, type Locale } from '@/lib/i18n/locales';
import { formatMoney } from '@/lib/i18n/format-money';
import messages from '@/messages/en.json';
import { IntlWrapper } from '../support/intl';
import { formNow, gatewayChoices, payForm, teamExpiry } from '../support/pay-form';

// PayPal's buttons load on demand; here they are not needed.
jest.mock('next/dynamic', () => () => () => null);

const { packs: text, form: formText } = messages.PayPage;
/** An amount as the page's locale writes it (the site's one money formatter), spaces made plain. */
const money = (locale: Locale, minor: number, currency: Currency) =>
  formatMoney(localeInfo(locale).tag, minor, currency).replace(/\s/g, ' ');

const showPacks = (overrides: Partial<PayFormProps> = {}, locale: Locale = 'vi') =>
  render(
    <IntlWrapper locale={locale}>
      <PackForm form={payForm({ gateways: gatewayChoices, ...overrides })} topUp />
    </IntlWrapper>,
  );
const packForm = () => within(screen.getByTestId('pack-form'));
const quantityField = () => packForm().getByLabelText(text.quantity);
const typeQuantity = (value: string) => fireEvent.change(quantityField(), { target: { value } });
const amount = () => packForm().getByTestId('pack-quote-amount').textContent?.replace(/\s/g, ' ');
// The pack form's own words: 'Buy 1 pack', 'Buy 2 packs'.
const payButton = () => packForm().getByRole('button', { name: /^Buy \d+ packs?$/ });

describe('the pay page sells query packs', () => {
  it('puts the packs first, as the top-up of the daily allowance, for an account on the free plan', () => {
    render(
      <IntlWrapper>
        <PurchaseForms form={payForm()} />
      </IntlWrapper>,
    );
    const [first, second] = screen.getAllByRole('form');
    expect(first).toHaveAttribute('data-testid', 'pack-form');
    expect(second).toHaveAttribute('data-testid', 'plan-form');
    // The free plan's allowance and the pack's contents and price, from the catalogue (VNPay: dong).
    expect(within(first!).getByRole('heading', { level: 2 }).textContent?.replace(/\s/g, ' ')).toBe(
      `Used today’s ${plans.free.dailyQueryLimit} queries? Top up: ${queryPack.queries} queries for ${money('en', queryPack.price.VND, 'VND')}`,
    );
  });

  it('puts the plans first for a free account whose link asked for a plan (the team page’s “Add seats”): they came for it', () => {
    render(
      <IntlWrapper>
        <PurchaseForms form={payForm({ initial: { plan: 'team_pro', seats: 20 } })} />
      </IntlWrapper>,
    );
    const [first, second] = screen.getAllByRole('form');
    expect(first).toHaveAttribute('data-testid', 'plan-form');
    expect(second).toHaveAttribute('data-testid', 'pack-form');
    // Still the free account's top-up, only after the plan.
    expect(within(second!).getByRole('heading', { level: 2 }).textContent).toMatch(/^Used today’s/);
  });

  it('puts the packs after the plans for an account whose paid plan runs', () => {
    render(
      <IntlWrapper>
        <PurchaseForms form={payForm({ user: { plan: 'individual_pro', expiresAt: teamExpiry, seats: 1 } })} />
      </IntlWrapper>,
    );
    const [first, second] = screen.getAllByRole('form');
    expect(first).toHaveAttribute('data-testid', 'plan-form');
    expect(second).toHaveAttribute('data-testid', 'pack-form');
    expect(within(second!).getByRole('heading', { level: 2 })).toHaveTextContent(text.heading);
  });

  it('quotes the quantity typed in the chosen gateway’s currency, with the extra queries and until when', () => {
    showPacks();
    expect(amount()).toBe(money('vi', queryPack.price.VND, 'VND'));
    typeQuantity('3');
    expect(amount()).toBe(money('vi', 3 * queryPack.price.VND, 'VND'));
    expect(packForm().getByTestId('pack-quote-queries')).toHaveTextContent(
      `${3 * queryPack.queries} extra queries, usable until 25 tháng 11, 2027`,
    );
    fireEvent.click(packForm().getByRole('radio', { name: new RegExp(formText.gateways.paypal.slice(0, 6)) }));
    expect(amount()).toBe(money('vi', 3 * queryPack.price.USD, 'USD'));
  });

  it('steps the quantity with its buttons, never below one nor above the most on sale', () => {
    showPacks();
    fireEvent.click(packForm().getByRole('button', { name: text.fewer }));
    expect(quantityField()).toHaveValue(1);
    typeQuantity(String(queryPack.maxQuantity));
    fireEvent.click(packForm().getByRole('button', { name: text.more }));
    expect(quantityField()).toHaveValue(queryPack.maxQuantity);
  });

  it.each(['0', String(queryPack.maxQuantity + 1), '2.5', ''])(
    'refuses the quantity “%s” in words under the field, and does not let it be paid',
    (typed) => {
      showPacks();
      typeQuantity(typed);
      const error = packForm().getByRole('alert');
      expect(error).toHaveTextContent(`Enter a whole number of packs, from one to ${queryPack.maxQuantity}.`);
      expect(quantityField()).toHaveAttribute('aria-invalid', 'true');
      expect(quantityField().getAttribute('aria-describedby')).toContain(error.id);
      expect(packForm().queryByTestId('pack-quote-amount')).toBeNull();
      expect(payButton()).toBeDisabled();
    },
  );

  it('says how many packs a gateway with a higher minimum takes, instead of sending a payment it refuses', () => {
    const paypalOnly = gatewayChoices.map((g) => ({ ...g, continuation: { kind: 'redirect' as const } }));
    showPacks({ gateways: paypalOnly.filter((g) => g.id === 'paypal') }, 'en');
    // PayPal takes at least $1.00; one pack is $0.99, two are $1.98.
    expect(packForm().getByText(/choose 2 packs or more/)).toHaveTextContent(
      'PayPal takes payments of at least $1.00: choose 2 packs or more, or another gateway.',
    );
    expect(payButton()).toBeDisabled();
    typeQuantity('2');
    expect(amount()).toBe(money('en', 2 * queryPack.price.USD, 'USD'));
    expect(payButton()).toBeEnabled();
  });

  it('posts a pack checkout with the quantity and no amount, under an idempotency key', async () => {
    const fetchMock = jest.fn(async (_url: string, _init: RequestInit) => ({
      ok: false,
      status: 409,
      json: async () => ({ error: { code: 'payment_pending', message: 'Still being confirmed.' } }),
    }));
    global.fetch = fetchMock as unknown as typeof fetch;
    showPacks();
    typeQuantity('4');
    fireEvent.click(payButton());
    expect(await packForm().findByText('Still being confirmed.')).toBeVisible();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/checkout');
    const body = JSON.parse(String(init.body)) as PackCheckoutRequest & { amount?: unknown };
    expect(body).toEqual({ plan: 'query_pack', quantity: 4, gateway: 'vnpay', method: 'qr' });
    expect(body.amount).toBeUndefined();
    expect(new Headers(init.headers).get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    // The server found a payment under way: paying again is the payer's explicit choice.
    expect(packForm().getByRole('checkbox', { name: formText.payAgain })).not.toBeChecked();
    expect(payButton()).toBeDisabled();
  });

  it('says a pack payment is still being confirmed, and offers paying again only by ticking the box', () => {
    showPacks({
      standing: {
        pending: [
          {
            orderId: 'o1',
            plan: 'query_pack',
            gatewayName: 'VNPay',
            amount: queryPack.price.VND,
            currency: 'VND',
            startedAt: formNow.toISOString(),
          },
        ],
        renewing: [],
      },
    });
    expect(packForm().getByTestId('payment-pending')).toHaveTextContent(/still being confirmed/);
    expect(payButton()).toBeDisabled();
    fireEvent.click(packForm().getByRole('checkbox', { name: formText.payAgain }));
    expect(payButton()).toBeEnabled();
  });

  it('is not held up by a plan’s payment under way, nor by a plan’s renewal', () => {
    showPacks({
      standing: {
        pending: [
          { orderId: 'o2', plan: 'individual_pro', gatewayName: 'VNPay', amount: 1, currency: 'VND', startedAt: '' },
        ],
        renewing: [{ id: 'I-1', plan: 'individual_pro', gateway: 'paypal', gatewayName: 'PayPal' }],
      },
    });
    expect(packForm().queryByTestId('payment-pending')).toBeNull();
    expect(packForm().queryByTestId('renewal-running')).toBeNull();
    expect(payButton()).toBeEnabled();
  });
});
