/**
 * The Mini App's session, held in this page's memory only (docs/miniapp.md): inside Telegram Web
 * the page is a cross-site frame, where a cookie would not come back. Every API call of the pay and
 * team pages adds `sessionHeaders()`; on a page opened from a link it adds nothing, and the cookie
 * does the work as before.
 */
let token: string | null = null;

export function holdSessionToken(value: string | null): void {
  token = value;
}

/** Whether this page runs as the Mini App (its session in memory, not in a cookie). */
export function hasSessionToken(): boolean {
  return token !== null;
}

export function sessionHeaders(): Record<string, string> {
  return token === null ? {} : { Authorization: `Bearer ${token}` };
}
