'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { NAVIGATION } from '@/lib/config/constants';
import { prefersReducedMotion } from '@/lib/client/smooth-scroll';

/** Appears once the visitor has scrolled a screen down; checked at most every 99 ms. */
export function BackToTop() {
  const t = useTranslations('BackToTop');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const check = () => setVisible(window.scrollY > window.innerHeight);
    const onScroll = () => {
      const now = performance.now();
      clearTimeout(trailing);
      if (now - last >= NAVIGATION.scrollThrottleMs) {
        last = now;
        check();
      }
      trailing = setTimeout(check, NAVIGATION.scrollDebounceMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    check();
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(trailing);
    };
  }, []);

  return (
    <button
      type="button"
      className="back-to-top"
      data-visible={visible}
      aria-hidden={!visible}
      tabIndex={visible ? 0 : -1}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑</span>
      <span className="visually-hidden">{t('label')}</span>
    </button>
  );
}
