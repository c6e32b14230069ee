'use client';

import dynamic from 'next/dynamic';
import { useTopLoader } from 'nextjs-toploader';
import { useEffect } from 'react';
import { PROGRESS_BAR } from '@/lib/config/constants';

/**
 * The bar's component renders its CSS as a `<style>` element where it stands, which in a server
 * render put a `<style>` inside `<body>` on every page (invalid HTML: the W3C checker and
 * html-validate count it). It only matters once the client router navigates, so it is rendered in
 * the browser alone ("skipping SSR", as nextjs-toploader's README advises for its style tag).
 */
const NextTopLoader = dynamic(() => import('nextjs-toploader'), { ssr: false });

/**
 * nextjs-toploader draws the bar; two rules of the site's navigation are added around it: the bar stays
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
