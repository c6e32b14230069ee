/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { SiteHeader } from '@/components/layout/site-header';
import messages from '@/messages/en.json';
import { IntlWrapper } from '../support/intl';

let pathname = '/';
jest.mock('next/navigation', () => ({
  // The rest as it is: next-intl's ES build imports redirect and the others by name (Node 24 links them).
  ...jest.requireActual<object>('next/navigation'),
  usePathname: () => pathname,
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }),
  useParams: () => ({ locale: 'en' }),
  useSearchParams: () => new URLSearchParams(),
}));

const signUp = () => screen.queryByRole('link', { name: messages.Navigation.signUp });
const navigation = () => screen.queryByRole('navigation', { name: messages.Navigation.mainLabel });

describe('the site header', () => {
  it.each(['/', '/join', '/privacy'])('on %s: the landing’s navigation with "Sign up"', (path) => {
    pathname = path;
    render(<SiteHeader />, { wrapper: IntlWrapper });
    expect(navigation()).toBeInTheDocument();
    expect(signUp()).toBeInTheDocument();
  });

  it.each(['/pay', '/team'])(
    'on %s: a focused checkout header, the brand and the language only, no navigation or "Sign up"',
    (path) => {
      pathname = path;
      render(<SiteHeader />, { wrapper: IntlWrapper });
      expect(navigation()).toBeNull();
      expect(signUp()).toBeNull();
      expect(screen.getByText('Quorum AI')).toBeInTheDocument();
      expect(document.querySelector('.language-switcher')).not.toBeNull();
    },
  );
});
