import { EARLY_SESSION_GLOBAL, type MiniAppPage, type MiniAppSessionAnswer } from '@/lib/shared/miniapp';
import type { PayPageView } from '@/lib/shared/pay-view';

interface EarlySession {
  initData: string;
  page: MiniAppPage;
  answer: Promise<MiniAppSessionAnswer | null>;
  /** The pay page's view, asked with the session as soon as it came, and the query it was asked with. */
  view?: { query: string; answer: Promise<PayPageView | null> };
}

const holder = () => window as unknown as Record<string, EarlySession | undefined>;

/**
 * The session exchange the Mini App's launch script started while the page was still loading
 * (components/miniapp/launch-script.tsx): the page takes it once, for the initData and page it was
 * started with; a retry, or anything else, asks again.
 */
export function takeEarlySession(initData: string, page: MiniAppPage): Promise<MiniAppSessionAnswer | null> | null {
  const early = holder()[EARLY_SESSION_GLOBAL];
  if (!early || early.initData !== initData || early.page !== page) return null;
  const { answer } = early;
  // Taken once: a retry asks again. The view stays for PayView, which comes after the session.
  holder()[EARLY_SESSION_GLOBAL] = { ...early, answer: Promise.resolve(null), initData: '' };
  return answer;
}

/** The pay view the launch script asked for, once, if it was asked with `query` (what PayView would ask). */
export function takeEarlyPayView(query: string): Promise<PayPageView | null> | null {
  const early = holder()[EARLY_SESSION_GLOBAL];
  delete holder()[EARLY_SESSION_GLOBAL];
  return early?.view && early.view.query === query ? early.view.answer : null;
}
