/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import { HandoffOffer } from '@/components/layout/handoff-offer';
import messages from '@/messages/en.json';
import { IntlWrapper } from '../support/intl';

/*
 * The page another browser opens from an address carrying a handoff: it leads with "Continue in
 * this browser", names the account, and takes the handoff out of the address as soon as it is read.
 */
const failure = <p data-testid="failure">{messages.LinkErrors.title}</p>;

function answer(status: number, body: unknown) {
  // jsdom has no Response: the little of one the component reads.
  const fetchMock = jest.fn(() => Promise.resolve({ ok: status < 300, status, json: () => Promise.resolve(body) }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('continuing here with a handoff from another browser', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('leads with a focused “Continue in this browser” naming the account, and the handoff has left the address', async () => {
    window.history.replaceState(null, '', '/vi/pay?plan=team_pro#handoff=H.A.S');
    const fetchMock = answer(200, { account: { name: 'Bob Tran', username: 'bob' } });
    render(<HandoffOffer page="pay">{failure}</HandoffOffer>, { wrapper: IntlWrapper });

    const button = await screen.findByRole('button', { name: messages.LinkHandoff.continue });
    await waitFor(() => expect(button).toHaveFocus());
    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/vi/pay?plan=team_pro');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(messages.LinkHandoff.title);
    expect(screen.getByTestId('handoff-account')).toHaveTextContent('the payment page of Bob Tran');
    expect(screen.queryByTestId('failure')).toBeNull();
    // The form posts what was read, to the exchange; the account was asked for without spending it.
    const form = button.closest('form')!;
    expect(form.getAttribute('action')).toBe('/api/link/handoff');
    expect((form.elements.namedItem('h') as HTMLInputElement).value).toBe('H.A.S');
    expect((form.elements.namedItem('next') as HTMLInputElement).value).toBe('/vi/pay?plan=team_pro');
    expect(fetchMock).toHaveBeenCalledWith('/api/link/handoff/account', expect.objectContaining({ method: 'POST' }));
  });

  it('offers nothing for a handoff that can no longer be taken: the page says why there is no page', async () => {
    window.history.replaceState(null, '', '/team#handoff=used');
    answer(409, { problem: 'replayed' });
    render(<HandoffOffer page="team">{failure}</HandoffOffer>, { wrapper: IntlWrapper });
    expect(await screen.findByTestId('failure')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(window.location.hash).toBe('');
  });

  it('without a handoff in the address, asks nothing and shows why there is no page', () => {
    window.history.replaceState(null, '', '/pay');
    const fetchMock = answer(200, {});
    render(<HandoffOffer page="pay">{failure}</HandoffOffer>, { wrapper: IntlWrapper });
    expect(screen.getByTestId('failure')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
