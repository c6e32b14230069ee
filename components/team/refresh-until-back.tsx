'use client';
import { useEffect } from 'react';
import { useRouter } from 'next/navigation';

const INTERVAL_MS = 3_000;
const MAX_TRIES = 20;

/**
 * While the team page's data is unreachable, read it again every few seconds (for a minute). The
 * browser's page is server-rendered, so a router refresh reads the directory anew; the Mini App,
 * which reads through the team API, hands its own `refresh`.
 */
export function RefreshUntilBack({ refresh }: { refresh?: () => void }) {
  const router = useRouter();
  useEffect(() => {
    const again = refresh ?? (() => router.refresh());
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries > MAX_TRIES) clearInterval(timer);
      else again();
    }, INTERVAL_MS);
    return () => clearInterval(timer);
  }, [router, refresh]);
  return null;
}
