'use client';

import { useEffect } from 'react';
import { reloadOnceForChunkError } from '@/lib/client/chunk-reload';
import { scrollToElement } from '@/lib/client/smooth-scroll';

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Document-wide navigation behaviour that has no markup: smooth, offset scrolling for
 * same-page `#hash` links and recovery from chunk-load failures. Next itself scrolls to the
 * top on page changes.
 */
export function NavigationEffects() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href*="#"]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const url = new URL(anchor.href);
      if (url.origin !== location.origin || url.pathname !== location.pathname || url.search !== location.search)
        return;
      const target = url.hash.length > 1 ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
      if (!target) return;
      event.preventDefault();
      history.pushState(history.state, '', url.hash);
      scrollToElement(target);
      target.focus({ preventScroll: true });
    };

    const storage = sessionStorageOrUndefined();
    const reload = () => location.reload();
    const onError = (event: ErrorEvent) => reloadOnceForChunkError(event.error ?? event.message, { storage, reload });
    const onRejection = (event: PromiseRejectionEvent) => reloadOnceForChunkError(event.reason, { storage, reload });

    document.addEventListener('click', onClick);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
