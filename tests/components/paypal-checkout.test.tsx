/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { PaypalCheckout } from '@/components/pay/paypal-checkout';
import messages from '@/messages/en.json';
import { IntlWrapper } from '../support/intl';

type ButtonProps = {
  createOrder?: () => Promise<string>;
  createSubscription: (
    data: object,
    actions: { subscription: { create: (body: object) => Promise<string> } },
  ) => Promise<string>;
};
// What the buttons were last drawn with: the test plays PayPal's side of createSubscription with it.
const drawn: { props: ButtonProps | null; sdk: Record<string, unknown> | null } = { props: null, sdk: null };

// PayPal's SDK cannot load here; its React wrapper is replaced by one whose script is still loading.
jest.mock('@paypal/react-paypal-js', () => ({
  DISPATCH_ACTION: { RESET_OPTIONS: 'resetOptions' },
  PayPalScriptProvider: ({ children, options }: { children: React.ReactNode; options: Record<string, unknown> }) => (
    (drawn.sdk = options),
    children
  ),
  PayPalButtons: (props: ButtonProps) => ((drawn.props = props), null),
  usePayPalScriptReducer: () => [{ isPending: true, isRejected: false, options: {} }, jest.fn()],
}));

describe('PayPal checkout while its script loads', () => {
  it('announces the wait once, as a status the screen reader reads', () => {
    render(
      <IntlWrapper>
        <PaypalCheckout
          options={{ clientId: 'test', environment: 'sandbox' }}
          disabled={false}
          terms={null}
          startCheckout={async () => null}
        />
      </IntlWrapper>,
    );
    const waits = screen.getAllByText(messages.PayPage.form.paypalLoading);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toHaveAttribute('role', 'status');
  });

  it('says before approving what the subscription charges next, how often and from when, and that it is stopped on this page', () => {
    render(
      <IntlWrapper>
        <PaypalCheckout
          options={{ clientId: 'test', environment: 'sandbox' }}
          disabled={false}
          terms={{ amount: 1_499, currency: 'USD', months: 1, next: '2026-12-26T10:00:00.000Z', startsAt: null }}
          startCheckout={async () => null}
        />
      </IntlWrapper>,
    );
    expect(screen.getByTestId('renewal-terms')).toHaveTextContent(
      'Then $14.99 every month from December 26, 2026: PayPal charges it automatically until you stop the renewal here, under “Automatic renewals”.',
    );
  });

  it('says, for a plan paid ahead, that nothing is charged today and that the first charge comes when the paid time ends', () => {
    render(
      <IntlWrapper>
        <PaypalCheckout
          options={{ clientId: 'test', environment: 'sandbox' }}
          disabled={false}
          terms={{
            amount: 199,
            currency: 'USD',
            months: 1,
            next: '2026-12-28T10:00:00.000Z',
            startsAt: '2027-12-28T10:00:00.000Z',
          }}
          startCheckout={async () => null}
        />
      </IntlWrapper>,
    );
    expect(screen.getByTestId('renewal-terms')).toHaveTextContent(
      'Nothing is charged today: you have already paid until December 28, 2027. On that day PayPal charges $1.99, then again every month,',
    );
  });

  it.each([
    ['the plan is paid ahead', '2027-12-28T10:00:00.000Z', { start_time: '2027-12-28T10:00:00.000Z' }],
    ['nothing is paid ahead', undefined, {}],
  ])('creates the subscription with the start the server chose when %s', async (_case, startTime, expected) => {
    const params = { planId: 'P-1', quantity: 1, customId: 'a'.repeat(32), ...(startTime ? { startTime } : {}) };
    render(
      <IntlWrapper>
        <PaypalCheckout
          options={{ clientId: 'test', environment: 'sandbox' }}
          disabled={false}
          terms={null}
          startCheckout={async () => params}
        />
      </IntlWrapper>,
    );
    const sent: object[] = [];
    await drawn.props!.createSubscription({}, { subscription: { create: async (body) => (sent.push(body), 'I-1') } });
    expect(sent).toEqual([{ plan_id: 'P-1', quantity: '1', custom_id: 'a'.repeat(32), ...expected }]);
  });

  it('says PayPal cannot load, instead of loading it, when the options the page received are not its SDK’s', () => {
    render(
      <IntlWrapper>
        <PaypalCheckout options={{ clientId: 42 }} disabled={false} terms={null} startCheckout={async () => null} />
      </IntlWrapper>,
    );
    expect(screen.getByTestId('paypal-unavailable')).toHaveTextContent(messages.PayPage.form.paypalUnavailable);
    expect(screen.queryByText(messages.PayPage.form.paypalLoading)).toBeNull();
  });

  it('pays a one-off payment (query packs) with the PayPal order the server created, the SDK loaded for one capture and no renewal terms', async () => {
    const customId = 'b'.repeat(32);
    render(
      <IntlWrapper>
        <PaypalCheckout
          options={{ clientId: 'test', environment: 'sandbox' }}
          disabled={false}
          terms={{ amount: 99, currency: 'USD', months: 12, next: '2027-11-28T10:00:00.000Z', startsAt: null }}
          oneOff
          startCheckout={async () => ({ paypalOrderId: '5O190127TN364715T', customId })}
        />
      </IntlWrapper>,
    );
    expect(drawn.sdk).toMatchObject({ intent: 'capture' });
    expect(drawn.sdk).not.toHaveProperty('vault');
    expect(screen.queryByTestId('renewal-terms')).toBeNull();
    expect(await drawn.props!.createOrder!()).toBe('5O190127TN364715T');
  });
});
