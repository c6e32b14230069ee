/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { PayResultView } from '@/components/pay/pay-result';
import { PayLoading } from '@/components/pay/pay-loading';
import { IntlWrapper } from '../support/intl';
import { site } from '@/lib/config/site';

jest.mock('next/navigation', () => ({
  ...jest.requireActual<object>('next/navigation'),
  usePathname: () => '/pay',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }),
  useParams: () => ({ locale: 'en' }),
}));

describe('the result view', () => {
  it('a payment cancelled at the gateway says nothing was charged and how to try again, with no error code', () => {
    render(<PayResultView result={{ status: 'cancelled' }} supportEmail="help@example.com" />, {
      wrapper: IntlWrapper,
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment cancelled');
    expect(screen.getByRole('status')).toHaveTextContent(/nothing was charged.*try again/);
    expect(screen.queryByText(/error occurred|failed1/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the plans' })).toBeInTheDocument();
  });

  it('a renewal set up to start when the paid time ends says nothing was charged today, and when and how much the first charge is', () => {
    render(
      <PayResultView
        result={{ status: 'scheduled', startsAt: '2027-12-28T10:00:00.000Z', amount: 199, currency: 'USD' }}
        supportEmail="help@example.com"
      />,
      { wrapper: IntlWrapper },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Automatic renewal set up');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing was charged today. $1.99 is charged on December 28, 2027, when the time you have already paid for ends',
    );
    expect(screen.queryByText(/error occurred|Confirming/)).toBeNull();
  });

  it('a link for an account the assistant does not know is titled for what happened, not as a failed payment', () => {
    render(<PayResultView result={{ status: 'failed', code: 'failed0' }} supportEmail="help@example.com" />, {
      wrapper: IntlWrapper,
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We could not find your account');
    expect(screen.getByRole('alert')).toHaveTextContent('User does not exist.');
  });

  it('an attempt left unpaid at the gateway says so in words, with no error code', () => {
    render(<PayResultView result={{ status: 'abandoned' }} supportEmail="help@example.com" />, {
      wrapper: IntlWrapper,
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment not made');
    expect(screen.getByRole('status')).toHaveTextContent(/left the payment page before paying, so nothing was charged/);
    expect(screen.queryByTestId('failure-code')).toBeNull();
  });

  it('a success shows what was bought, the amount with its currency, the new expiry and a link to its receipt', () => {
    render(
      <PayResultView
        result={{
          status: 'success',
          purchase: {
            orderId: 'a'.repeat(32),
            plan: 'team_pro',
            months: 7,
            seats: 30,
            amount: 26_982,
            currency: 'USD',
            expiresAt: '2027-06-22T10:00:00.000Z',
            receipt: 'here',
          },
        }}
        supportEmail="help@example.com"
      />,
      { wrapper: IntlWrapper },
    );
    const details = screen.getByRole('list', { name: 'Your purchase' });
    expect(details).toHaveTextContent('Plan: Team Pro');
    expect(details).toHaveTextContent('Period: 7 months');
    expect(details).toHaveTextContent('Team size: 30 seats');
    expect(details).toHaveTextContent('Amount paid: $269.82');
    expect(details).toHaveTextContent('Your plan now runs until June 22, 2027.');
    expect(screen.getByRole('link', { name: 'View the receipt' })).toHaveAttribute(
      'href',
      `/pay?receipt=${'a'.repeat(32)}`,
    );
  });

  it('back from the bank’s app in another browser: what was bought, the receipt through the chat, and no control that leads to a link error', () => {
    render(
      <PayResultView
        result={{
          status: 'success',
          purchase: {
            orderId: 'b'.repeat(32),
            plan: 'individual_pro',
            months: 1,
            seats: null,
            amount: 49_000,
            currency: 'VND',
            expiresAt: null,
            receipt: 'in_chat',
          },
        }}
        supportEmail="help@example.com"
        signedIn={false}
      />,
      { wrapper: IntlWrapper },
    );
    const details = screen.getByRole('list', { name: 'Your purchase' });
    expect(details).toHaveTextContent('Plan: Individual Pro');
    expect(details).toHaveTextContent('Period: 1 month');
    expect(details).toHaveTextContent(/Amount paid: .*49,000/);
    expect(details).not.toHaveTextContent('runs until');
    expect(details).toHaveTextContent('type /pay in your chat and open “Your payments”');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('back-in-chat')).toHaveTextContent('type /pay in your chat');
  });

  it('a refused link offers a one-tap way back to the assistant on the platform it came from', () => {
    render(
      <PayResultView
        result={{ status: 'failed', code: 'failed0', link: 'replayed', chat: 'telegram' }}
        supportEmail="help@example.com"
        signedIn={false}
      />,
      { wrapper: IntlWrapper },
    );
    expect(screen.getByRole('link', { name: 'Open the assistant in Telegram' })).toHaveAttribute(
      'href',
      site.chats.telegram.private,
    );
  });

  it('a payment that started a subscription names the renewal and where it is stopped', () => {
    render(
      <PayResultView
        result={{
          status: 'success',
          purchase: {
            orderId: 'c'.repeat(32),
            plan: 'team_pro',
            months: 1,
            seats: 10,
            amount: 1_499,
            currency: 'USD',
            expiresAt: '2026-12-26T10:00:00.000Z',
            receipt: 'here',
            renewsWith: 'PayPal',
          },
        }}
        supportEmail="help@example.com"
      />,
      { wrapper: IntlWrapper },
    );
    expect(screen.getByTestId('purchase-renews')).toHaveTextContent(
      'Renews automatically through PayPal every month: you can stop it on this page, under “Automatic renewals”.',
    );
  });

  it('a success without details (not the buyer) shows the generic text only', () => {
    render(<PayResultView result={{ status: 'success' }} supportEmail="help@example.com" />, { wrapper: IntlWrapper });
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Payment completed successfully');
  });
});

describe('the wait before a result', () => {
  it('names no plan choice while a result is being read: a neutral "checking your payment"', () => {
    render(<PayLoading result />, { wrapper: IntlWrapper });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your payment');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your payment…');
    expect(screen.queryByText(/Choose your plan|Loading your account/i)).toBeNull();
  });

  it('the prerendered shell marks itself as a result from the address before the rest is parsed', () => {
    const { container } = render(<PayLoading />, { wrapper: IntlWrapper });
    const script = container.querySelector('script')!;
    expect(script.parentElement!.firstElementChild).toBe(script);
    const shell = script.parentElement!;
    for (const [search, marked] of [
      ['?status=cancelled&order=ab', true],
      ['?order=ab', true],
      ['?plan=team_pro&seats=20', false],
      ['', false],
    ] as const) {
      shell.removeAttribute('data-result');
      // The script as the browser runs it, with its own currentScript and address.
      new Function('document', 'location', script.textContent!)({ currentScript: script }, { search });
      expect([search, shell.hasAttribute('data-result')]).toEqual([search, marked]);
    }
  });
});
