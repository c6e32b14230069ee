import 'server-only';
import { escapeHtml } from '@/lib/server/http/html';
import { SANDBOX_PATH } from './identity';
import type { SandboxSubscription } from './store';

const labels: Record<string, string> = {
  renew: 'Fire a renewal payment',
  fail: 'Fire a failed payment',
  cancel: 'Cancel the subscription',
  resend: 'Resend the last webhook',
  refund: 'Refund the last payment at PayPal',
};

/**
 * The tester's side of the local PayPal sandbox (English only: it plays PayPal, not the site):
 * the sandbox's subscriptions, and buttons that make PayPal charge a renewal, fail a payment,
 * cancel, or deliver the last webhook again (a duplicate delivery).
 */
export function renderSandboxConsole(subscriptions: SandboxSubscription[], message: string | null): string {
  const rows = subscriptions
    .map((s) => {
      const buttons = Object.entries(labels)
        .map(
          ([action, label]) =>
            `<button type="submit" name="action" value="${action}" data-testid="sandbox-${action}">${label}</button>`,
        )
        .join('');
      return `<tr data-testid="sandbox-subscription" data-id="${escapeHtml(s.id)}"><td><code>${escapeHtml(s.id)}</code></td><td>${escapeHtml(s.status)}</td><td>${s.cyclesCompleted}</td><td>${s.failedPayments}</td><td>${escapeHtml(s.planId)} × ${s.quantity}</td><td><code>${escapeHtml(s.customId)}</code></td><td><form method="post" action="${SANDBOX_PATH}"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}">${buttons}</form></td></tr>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>PayPal sandbox</title><style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#0b1b33}h1{color:#003087;font-size:1.4rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde;padding:.5rem;text-align:left;vertical-align:top}form{display:flex;flex-wrap:wrap;gap:.4rem}button{font:inherit;padding:.4rem .8rem;border-radius:6px;border:1px solid #003087;background:#fff;color:#003087;cursor:pointer;min-height:36px}.note{color:#4a5b75}[role=status]{background:#eef6ee;padding:.6rem 1rem;border-radius:8px}</style></head><body><h1>PayPal subscriptions (local sandbox)</h1><p class="note">A local stand-in for PayPal. Each button changes the subscription as PayPal would and sends the webhook PayPal would send, signed with the sandbox key; the site verifies it with the sandbox API, as it does PayPal's. No real money moves.</p>${message ? `<p role="status" data-testid="sandbox-message">${escapeHtml(message)}</p>` : ''}<table><thead><tr><th>Subscription</th><th>Status</th><th>Payments</th><th>Failed</th><th>Plan</th><th>Order</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="7">No subscriptions yet: pay with PayPal on the pay page first.</td></tr>'}</tbody></table></body></html>`;
}
