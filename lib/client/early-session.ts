import { EARLY_SESSION_GLOBAL, type MiniAppPage, type MiniAppSessionAnswer } from '@/lib/shared/miniapp';

interface EarlySession {
  initData: string;
  page: MiniAppPage;
  answer: Promise<MiniAppSessionAnswer | null>;
}

/**
 * The session exchange the Mini App's launch script started while the page was still loading
 * (components/miniapp/launch-script.tsx): the page takes it once, for the initData and page it was
 * started with; a retry, or anything else, asks again.
 */
export function takeEarlySession(initData: string, page: MiniAppPage): Promise<MiniAppSessionAnswer | null> | null {
  const holder = window as unknown as Record<string, EarlySession | undefined>;
  const early = holder[EARLY_SESSION_GLOBAL];
  delete holder[EARLY_SESSION_GLOBAL];
  return early && early.initData === initData && early.page === page ? early.answer : null;
}
