/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ReceiptView } from '@/components/pay/receipt-view';
import { PaymentTable } from '@/components/pay/payment-table';
import { Renewals } from '@/components/pay/renewals';
import type { PaymentRecord } from '@/lib/shared/payment-history';
import { inLocale, paidReceipt } from '../support/receipt';
import type { Renewal } from '@/lib/shared/renewals';

const receipt = paidReceipt;

const historyRecord: PaymentRecord = {
  orderId: receipt.orderId,
  reference: receipt.reference,
  createdAt: receipt.paidAt,
  plan: 'team_pro',
  period: 'period1',
  months: 7,
  seats: 30,
  renewalCycle: null,
  amount: receipt.amount,
  currency: 'VND',
  gateway: 'vnpay',
  gatewayName: 'VNPay',
  method: 'qr',
  status: 'paid',
};

const renewal: Renewal = {
  id: 'I-SUB1',
  gateway: 'paypal',
  gatewayName: 'PayPal',
  plan: 'individual_pro',
  months: 12,
  seats: null,
  amount: 1990,
  currency: 'USD',
  status: 'suspended',
  nextBillingAt: null,
};

describe('the receipt’s words', () => {
  it('writes each label with its value as one message: receipt number, tax id, account and team', () => {
    render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('en') });
    const text = screen.getByTestId('receipt').textContent;
    expect(text).toContain('Receipt no. A1B2C3D4E5');
    expect(text).toContain('Tax ID: 0000000000');
    expect(text).toContain('Account: Telegram dung');
    expect(text).toContain('Team: Acme');
  });

  it('writes French labels with a narrow no-break space before their colon', () => {
    render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('fr') });
    expect(screen.getByTestId('receipt').textContent).toContain('Numéro d’identification fiscale\u202f: 0000000000');
  });

  it('joins the purchase and the gateway with the language’s separator (Japanese ・, never a typed ·)', () => {
    render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('ja') });
    const text = screen.getByTestId('receipt').textContent;
    expect(text).toContain('Team Pro・7 か月・');
    expect(text).toContain('VNPay・VNPay QR コード');
    expect(text).not.toContain(' · ');
  });

  it('keeps the plan’s and the gateway’s Latin names each in its own isolate on an Urdu page', () => {
    const { container } = render(<ReceiptView receipt={receipt} />, { wrapper: inLocale('ur') });
    const isolatedTexts = [...container.querySelectorAll('bdi')].map((bdi) => bdi.textContent);
    expect(isolatedTexts).toEqual(expect.arrayContaining(['Team Pro', 'VNPay', 'A1B2C3D4E5', 'Telegram dung']));
  });
});

describe('the way back from a receipt', () => {
  it('leads "Back to your payments" to the history page the receipt was opened from', () => {
    render(<ReceiptView receipt={receipt} historyPage={3} />, { wrapper: inLocale('en') });
    expect(screen.getByRole('link', { name: 'Back to your payments' })).toHaveAttribute('href', '/pay?payments=3');
  });

  it('opens the history on its first page when the receipt was opened elsewhere (the result view), also from a missing receipt', () => {
    render(<ReceiptView receipt={null} />, { wrapper: inLocale('en') });
    expect(screen.getByRole('link', { name: 'Back to your payments' })).toHaveAttribute('href', '/pay?payments=1');
  });
});

describe('the renewals’ words', () => {
  it('puts the gateway’s name in an isolate inside the translated status, and joins the title with the separator', () => {
    const { container } = render(<Renewals renewals={[renewal]} />, { wrapper: inLocale('ur') });
    const status = container.querySelector('dd');
    expect(status?.querySelector('bdi')?.textContent).toBe('PayPal');
    expect(container.querySelector('[data-renewal] p')?.textContent).toMatch(/^Individual Pro · .+ · PayPal$/u);
  });
});

describe('the time of a payment', () => {
  it.each(['vi', 'en', 'ja', 'ur'] as const)(
    '%s: reads the same on the receipt and in the history (one date style per language)',
    async (locale) => {
      const { unmount } = render(<ReceiptView receipt={receipt} />, { wrapper: inLocale(locale) });
      const onReceipt = screen.getByTestId('receipt').querySelector('time')!.textContent;
      unmount();
      render(
        <PaymentTable payments={[{ ...historyRecord, createdAt: receipt.paidAt }]} labelledBy="x" receiptPath="/pay" />,
        { wrapper: inLocale(locale) },
      );
      const inHistory = screen.getByRole('table').querySelector('time')!.textContent;
      expect(inHistory).toBe(onReceipt);
      if (locale === 'vi') expect(onReceipt).toBe('20 tháng 11, 2026 lúc 09:30');
    },
  );
});
