import { findGateway } from '@/lib/server/payments/registry';
import { declineReasons } from '@/lib/shared/decline';
import en from '@/messages/en.json';

/*
 * Each gateway's refusal codes in the payer's words (docs/payments.md, "Declines in words"):
 * mapped in the gateway's own folder, read through the seam as the result view and the history do.
 */
const reasonOf = (gateway: string, resultCode: string) => findGateway(gateway)!.declineReason!(resultCode);

describe('VNPay: a refusal’s vnp_ResponseCode gives the reason', () => {
  it.each([
    ['09', 'not_enrolled'],
    ['10', 'authentication_failed'],
    ['11', 'timed_out'],
    ['12', 'account_locked'],
    ['13', 'authentication_failed'],
    ['51', 'insufficient_funds'],
    ['65', 'limit_exceeded'],
    ['75', 'bank_unavailable'],
    ['79', 'authentication_failed'],
    ['99', 'gateway_error'],
  ])('%s → %s, when the transaction status says nothing moved (01, 02)', (response, reason) => {
    expect(reasonOf('vnpay', `${response}/02`)).toBe(reason);
    expect(reasonOf('vnpay', `${response}/01`)).toBe(reason);
  });

  it('names no reason for a cancel (24), held money (07), "other errors" (99) beside money that moved, or a code it does not know', () => {
    for (const code of ['24/02', '07/07', '99/04', '42/02', '00/00', '', 'constructor/02'])
      expect([code, reasonOf('vnpay', code)]).toEqual([code, null]);
  });

  it('names no reason when the transaction status says money moved (04 reversed, refund states), or a querydr-only status', () => {
    for (const code of ['51/04', '12/05', '65/06', '51/09', 'querydr/02', '51'])
      expect([code, reasonOf('vnpay', code)]).toEqual([code, null]);
  });
});

describe('MoMo: a final refusal’s resultCode gives the reason', () => {
  it.each([
    ['1001', 'insufficient_funds'],
    ['1002', 'declined'],
    ['1004', 'limit_exceeded'],
    ['1005', 'timed_out'],
    ['1007', 'account_locked'],
    ['4001', 'account_locked'],
    ['4100', 'authentication_failed'],
  ])('%s → %s', (code, reason) => {
    expect(reasonOf('momo', code)).toBe(reason);
  });

  it('names no reason for the payer’s cancel (1006), refusals that are ours or say nothing to act on, and non-final codes', () => {
    for (const code of ['1006', '1003', '1017', '1026', '1080', '1081', '2019', '0', '9000', '1000', '7000', '99', ''])
      expect([code, reasonOf('momo', code)]).toEqual([code, null]);
  });
});

describe('PayPal: a first payment that failed', () => {
  it('reads a refused charge (PAYMENT.FAILED) and a subscription suspended before paying as declined', () => {
    expect(reasonOf('paypal', 'PAYMENT.FAILED')).toBe('declined');
    expect(reasonOf('paypal', 'SUSPENDED')).toBe('declined');
  });

  it('names no reason for a subscription cancelled or expired before paying, nor for a refund or reversal', () => {
    for (const code of ['CANCELLED', 'EXPIRED', 'PAYMENT.SALE.REFUNDED', 'PAYMENT.SALE.REVERSED', 'ACTIVE', ''])
      expect([code, reasonOf('paypal', code)]).toEqual([code, null]);
  });
});

describe('the reasons the page reads', () => {
  it('each has a reason and a next step in English, and the next step says nothing was charged', () => {
    for (const reason of declineReasons) {
      expect(en.PayPage.declines.reasons[reason]).toMatch(/\w/);
      expect(en.PayPage.declines.next[reason]).toMatch(/^Nothing was charged\. \S/);
    }
    expect(Object.keys(en.PayPage.declines.reasons).sort()).toEqual([...declineReasons].sort());
    expect(Object.keys(en.PayPage.declines.next).sort()).toEqual([...declineReasons].sort());
  });
});
