/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { PolicyPage } from '@/components/policy/policy-page';
import { policySections } from '@/lib/config/policies';
import { site } from '@/lib/config/site';
import { IntlWrapper } from '../support/intl';

describe('policy page', () => {
  it('renders each section as an anchored h2, listed in the contents, with the support email filled in', () => {
    const { container } = render(<PolicyPage page="paymentPolicy" />, { wrapper: IntlWrapper });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment Policy');
    for (const id of policySections.paymentPolicy) {
      const heading = container.querySelector(`h2#${id}`);
      expect(heading).not.toBeNull();
      expect(container.querySelector(`nav a[href="#${id}"]`)).not.toBeNull();
    }
    expect(container.textContent).toContain(site.supportEmail);
    expect(container.textContent).not.toMatch(/\{\w+\}/);
    expect(screen.getByText(/Last updated: November 28, 2026/)).toBeInTheDocument();
  });
});
