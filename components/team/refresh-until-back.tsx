'use client';
import { useEffect } from 'react';
import { useRouter } from 'next/navigation';

const INTERVAL_MS = 3_000;
const MAX_TRIES = 20;

/**
 * While the team page's data is unreachable, render the page again every few seconds (for a
 * minute): the page is server-rendered, so a router refresh reads the directory anew.
 */
export function RefreshUntilBack() {
  const router = useRouter();
  useEffect(() => {
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries > MAX_TRIES) clearInterval(timer);
      else router.refresh();
    }, INTERVAL_MS);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}
