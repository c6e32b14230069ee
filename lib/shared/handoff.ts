/**
 * Continuing in another browser (docs/links.md#leaving-the-chat-apps-browser): what the page and
 * the server send each other. The handoff travels in the address's fragment, `#handoff=…`.
 */
export const HANDOFF_FRAGMENT = 'handoff';

/** Where the other browser's tap posts the handoff (a form: `h`, `next`); it opens the page there. */
export const HANDOFF_TAKE_ACTION = '/api/link/handoff';
/** Where "Open in another browser" asks for a handoff for this browser's session. */
export const HANDOFF_REQUEST_ACTION = '/api/link/handoff/new';
/** Where the other browser asks whose page a handoff opens, before offering it. */
export const HANDOFF_ACCOUNT_ACTION = '/api/link/handoff/account';

export interface HandoffRequest {
  page: 'pay' | 'team';
}

/** The answer to a handoff request: the handoff, and when it stops working (ISO). */
export interface HandoffIssued {
  handoff: string;
  expiresAt: string;
}

export interface HandoffAccountRequest {
  h: string;
  next: string;
}

/** Whose page a handoff opens. */
export interface HandoffAccount {
  account: { name: string; username: string };
}
