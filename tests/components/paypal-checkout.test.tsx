/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { PaypalCheckout } from '@/components/pay/paypal-checkout';
import messages from '@/messages/en.json';
import { IntlWrapper } from '../support/intl';

// PayPal's SDK cannot load here; its React wrapper is replaced by one whose script is still loading.
jest.mock('@paypal/react-paypal-js', () => ({
  DISPATCH_ACTION: { RESET_OPTIONS: 'resetOptions' },
  PayPalScriptProvider: ({ children }: { children: React.ReactNode }) => children,
  PayPalButtons: () => null,
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
          terms={{ amount: 1_499, currency: 'USD', months: 1, next: '2026-12-26T10:00:00.000Z' }}
          startCheckout={async () => null}
        />
      </IntlWrapper>,
    );
    expect(screen.getByTestId('renewal-terms')).toHaveTextContent(
      'Then $14.99 every month from December 26, 2026: PayPal charges it automatically until you stop the renewal here, under “Automatic renewals”.',
    );
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
});
