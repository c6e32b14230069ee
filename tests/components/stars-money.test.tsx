/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { ReceiptView } from '@/components/pay/receipt-view';
import type { Receipt } from '@/lib/shared/receipt';
import { inLocale, paidReceipt } from '../support/receipt';

/** A payment in Telegram Stars on its receipt and credit note: `⭐ 100`, whole stars, in every language. */
const starsReceipt: Receipt = {
  ...paidReceipt,
  item: { plan: 'individual_pro', months: 1, seats: null, renewalCycle: null },
  amount: 100,
  currency: 'XTR',
  gatewayName: 'Telegram Stars',
  method: 'stars',
  gatewayReference: 'stxSANDBOXcharge',
  creditNotes: [
    { reference: 'F00D000002', amount: 100, refundedAt: '2026-11-25T03:00:00.000Z', gatewayReference: 'refund:stx' },
  ],
};

describe('Telegram Stars on receipts and credit notes', () => {
  it('writes the amount as ⭐ 100, star first and no decimals', () => {
    render(<ReceiptView receipt={starsReceipt} />, { wrapper: inLocale('en') });
    expect(screen.getByTestId('receipt')).toHaveTextContent('⭐ 100');
    expect(screen.getByTestId('receipt')).not.toHaveTextContent(/XTR|100\.00/);
    expect(within(screen.getByTestId('credit-note')).getByTestId('credit-note-total')).toHaveTextContent('⭐ 100');
  });

  it('keeps the star before the number on the Urdu receipt, and writes Vietnamese thousands its way', () => {
    const { unmount } = render(<ReceiptView receipt={starsReceipt} />, { wrapper: inLocale('ur') });
    expect(screen.getByTestId('credit-note-total').textContent).toContain('\u2066⭐\u00a0100\u2069');
    unmount();
    render(<ReceiptView receipt={{ ...starsReceipt, amount: 10_500, creditNotes: [] }} />, { wrapper: inLocale('vi') });
    expect(screen.getByTestId('receipt')).toHaveTextContent('⭐ 10.500');
  });
});
