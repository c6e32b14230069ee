/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LocaleError from '@/app/[locale]/error';
import GlobalError from '@/app/global-error';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { IntlWrapper } from '../support/intl';

jest.mock('next/navigation', () => ({
  // The rest as it is: next-intl's ES build imports redirect and the others by name (Node 24 links them).
  ...jest.requireActual<object>('next/navigation'),
  usePathname: () => '/',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  useParams: () => ({ locale: 'en' }),
}));

describe('error view', () => {
  it('shows the error message, a retry button and a link home', async () => {
    const reset = jest.fn();
    render(<LocaleError error={new Error('Upstream timed out')} reset={reset} />, { wrapper: IntlWrapper });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');
    expect(screen.getByText('Upstream timed out')).toBeInTheDocument();
    // English's home by the URL that never negotiates (lib/i18n/home.ts): the visitor stays in English.
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/en');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalledTimes(1);
  });
});

describe('last-resort error page', () => {
  it('says the error page itself failed and links home', () => {
    // It renders its own <html>; React warns when that lands inside a test container.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<GlobalError />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'An error occurred while showing the error page',
    );
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('offline banner', () => {
  it('appears on the offline event and leaves on the online event', () => {
    let online = true;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
    render(<OfflineBanner />, { wrapper: IntlWrapper });
    expect(screen.queryByRole('status')).toBeNull();
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
