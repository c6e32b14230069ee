'use client';
import { useEffect } from 'react';
import { useRouter } from 'next/navigation';

const INTERVAL_MS = 3_000;
const MAX_TRIES = 20;

/** While the gateway has not confirmed, re-read the stored state every few seconds (for a minute). */
export function RefreshWhileProcessing() {
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
