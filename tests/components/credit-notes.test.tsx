/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReceiptView } from '@/components/pay/receipt-view';
import type { Receipt } from '@/lib/shared/receipt';
import { inLocale, paidReceipt } from '../support/receipt';

/** What fetch resolves with, as the browser hands it over (jsdom has no Response). */
const answer = (status: number, body: unknown) =>
  ({ ok: status < 300, status, json: async () => body }) as unknown as Response;

const receipt: Receipt = {
  ...paidReceipt,
  billing: { company: 'Acme Growth JSC', taxId: '0312345678', address: '12 Nguyen Hue\nDistrict 1' },
  creditNotes: [
    {
      reference: 'F00D000001',
      amount: 2_100_000,
      refundedAt: '2026-11-25T03:00:00.000Z',
      gatewayReference: 'refund:14499999',
    },
  ],
};

describe('a receipt’s credit notes and company details', () => {
  it('prints one credit note per refund, naming its receipt, the amount refunded and the company billed', () => {
    render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('en') });
    const [note] = screen.getAllByTestId('credit-note');
    expect(screen.getAllByTestId('credit-note')).toHaveLength(1);
    expect(within(note!).getByRole('heading', { name: 'Credit note' })).toBeInTheDocument();
    expect(note).toHaveTextContent('Credit note no. F00D000001');
    expect(note).toHaveTextContent('For receipt no. A1B2C3D4E5');
    expect(within(note!).getByTestId('credit-note-total')).toHaveTextContent('₫2,100,000');
    expect(note).toHaveTextContent('Refund: Team Pro · 7 months · 30 seats');
    expect(within(note!).getByTestId('receipt-company')).toHaveTextContent('Acme Growth JSC');
    expect(within(screen.getByTestId('receipt')).getByTestId('receipt-company')).toHaveTextContent(
      'Tax ID: 0312345678',
    );
  });

  it('writes the credit note in Urdu with every Latin value isolated, and in Vietnamese in its own words', () => {
    const { unmount } = render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('ur') });
    const note = screen.getByTestId('credit-note');
    expect(within(note).getByRole('heading', { name: 'رقم کی واپسی کی رسید' })).toBeInTheDocument();
    expect([...note.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['F00D000001', 'A1B2C3D4E5', 'Acme Growth JSC', 'VNPay']),
    );
    unmount();
    render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('vi') });
    expect(screen.getByTestId('credit-note')).toHaveTextContent('Số biên lai hoàn tiền: F00D000001');
  });

  it('sets the Urdu credit note’s item in one <bdi> of its own direction, so "7 months" stays together beside the seats', () => {
    render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('ur') });
    const [item] = within(screen.getByTestId('credit-note')).getAllByRole('cell');
    const description = item!.querySelector(':scope > bdi')!;
    // No dir: the first strong letter outside the plan's own <bdi> is Urdu, so it reads right to left.
    expect(description).not.toHaveAttribute('dir');
    expect(description.querySelector('bdi')).toHaveTextContent('Team Pro');
    expect(description.textContent).toMatch(/^Team Pro · 7 \p{Script=Arabic}+ · 30 \p{Script=Arabic}+$/u);
    // The message puts no isolate of its own around the description.
    expect(item!.textContent).not.toMatch(/[\u2066-\u2069]/u);
    expect(item!.textContent!.endsWith(description.textContent!)).toBe(true);
  });

  it('lets the payer change the company details on the pay page, and shows the server’s translated refusal', async () => {
    const refusal = 'Check the company details: the company name is needed.';
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(answer(422, { error: { code: 'billing_invalid', message: refusal } }))
      .mockResolvedValueOnce(answer(200, { billing: { company: 'Beta Ltd', taxId: null, address: null } }));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('en') });
    await userEvent.click(screen.getByRole('button', { name: 'Change company details' }));
    const form = screen.getByTestId('company-form');
    const name = within(form).getByLabelText('Company name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Beta Ltd');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Company details saved.');
    expect(within(screen.getByTestId('receipt')).getByTestId('receipt-company')).toHaveTextContent('Beta Ltd');
    expect(screen.getByTestId('credit-note')).toHaveTextContent('Beta Ltd');
    expect(JSON.parse(fetchMock.mock.calls[1][1].body as string)).toMatchObject({
      orderId: receipt.orderId,
      billing: { company: 'Beta Ltd' },
    });
  });

  it('moves the keyboard into the company form when it opens, and back to its button when it closes', async () => {
    render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('en') });
    await userEvent.click(screen.getByRole('button', { name: 'Change company details' }));
    expect(within(screen.getByTestId('company-form')).getByLabelText('Company name')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Change company details' })).toHaveFocus();
  });

  it('points at the field that breaks its rule, naming it, focused and marked invalid, and sends nothing', async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('en') });
    await userEvent.click(screen.getByRole('button', { name: 'Change company details' }));
    const form = screen.getByTestId('company-form');
    const taxId = within(form).getByLabelText('Tax ID (optional)');
    await userEvent.clear(taxId);
    await userEvent.type(taxId, '<0312345678>');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(taxId).toHaveFocus();
    expect(taxId).toHaveAttribute('aria-invalid', 'true');
    expect(taxId).toHaveAccessibleDescription(
      'A tax ID has only letters, digits, spaces, dots, hyphens and slashes, up to 40 characters.',
    );
    expect(within(form).getByLabelText('Company name')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers no company form on the team page, where the payer is not the one reading', () => {
    render(<ReceiptView receipt={receipt} backTo="/team" />, { wrapper: inLocale('en') });
    expect(screen.queryByRole('button', { name: 'Change company details' })).toBeNull();
    expect(screen.getAllByTestId('receipt-company')).toHaveLength(2);
  });
});
