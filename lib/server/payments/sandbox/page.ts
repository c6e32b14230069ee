import 'server-only';

/** A gateway's colours on its local sandbox page, so a tester sees at a glance whose page it plays. */
export interface SandboxBrand {
  accent: string;
  ink: string;
  muted: string;
  background: string;
}

/**
 * The one page every redirect gateway's local sandbox shows (never in production): a card with
 * the payment's facts and the tester's choices, in the gateway's colours. `body` is HTML the caller
 * has escaped.
 */
export function sandboxPage(lang: string, title: string, brand: SandboxBrand, body: string): string {
  const { accent, ink, muted, background } = brand;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:${background};color:${ink}}main{max-width:32rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 4px 24px ${ink}22}h1{font-size:1.3rem;color:${accent}}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:${muted}}dd{margin:0;font-weight:600;overflow-wrap:anywhere}form{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}button{font:inherit;padding:.7rem 1.1rem;border-radius:8px;border:1px solid ${accent};background:#fff;color:${accent};cursor:pointer;min-height:44px}button[value=approve]{background:${accent};color:#fff}.choice{flex-basis:100%;display:grid;gap:.3rem;color:${muted}}select{font:inherit;min-height:44px;padding:.4rem .6rem;border-radius:8px;border:1px solid ${muted};color:${ink};background:#fff}select:focus-visible{outline:3px solid #f5a300;outline-offset:2px}button:focus-visible{outline:3px solid #f5a300;outline-offset:2px}.note{color:${muted};font-size:.9rem}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/** An amount in Vietnamese dong as the sandbox page shows it, in the page's language. */
export const sandboxAmount = (lang: string, amount: number) =>
  new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US', { style: 'currency', currency: 'VND' }).format(amount);

/**
 * The tester's choice of the gateway's refusal, sent with the decline button: each option is one of
 * the gateway's real result codes, so a tester sees the words the payer would read for it.
 * Labels are the caller's own text; codes are digits.
 */
export function declineChoice(label: string, choices: readonly { code: string; label: string }[]): string {
  const options = choices.map(({ code, label: text }) => `<option value="${code}">${code} · ${text}</option>`).join('');
  return `<label class="choice">${label}<select name="decline">${options}</select></label>`;
}
