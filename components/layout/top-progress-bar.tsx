'use client';

import NextTopLoader, { useTopLoader } from 'nextjs-toploader';
import { useEffect } from 'react';
import { PROGRESS_BAR } from '@/lib/config/constants';

/**
 * nextjs-toploader draws the bar; two rules of PRODUCT §3 are added around it: the bar stays
 * invisible for the first 200 ms (CSS delay in globals.css, so fast navigations never flash
 * it) and is forced to complete after 5 s.
 */
export function TopProgressBar() {
  return (
    <>
      <NextTopLoader
        color="var(--color-accent)"
        height={3}
        showSpinner={false}
        showForHashAnchor={false}
        zIndex={1600}
      />
      <CompleteWithin />
    </>
  );
}

function CompleteWithin() {
  const loader = useTopLoader();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => {
      const running = document.getElementById('nprogress') !== null;
      if (running && timer === undefined) {
        timer = setTimeout(() => {
          loader.done(true);
          timer = undefined;
        }, PROGRESS_BAR.maxDurationMs);
      } else if (!running && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    });
    observer.observe(document.body, { childList: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [loader]);
  return null;
}
