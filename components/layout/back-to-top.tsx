'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { NAVIGATION } from '@/lib/config/constants';
import { coversContent } from '@/lib/client/covers-content';
import { prefersReducedMotion } from '@/lib/client/smooth-scroll';

/**
 * Appears once the visitor has scrolled a screen down, and steps aside wherever it would sit on
 * text or a control (a receipt link in the history, a line of the pricing list): floating, it must
 * never hide what a person reads or taps. Checked at most every 99 ms.
 */
export function BackToTop() {
  const t = useTranslations('BackToTop');
  const [visible, setVisible] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const self = button.current;
      setVisible(window.scrollY > window.innerHeight && !(self && coversContent(self.getBoundingClientRect(), self)));
    };
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
    // A narrower window moves the text under it without a scroll.
    window.addEventListener('resize', onScroll, { passive: true });
    check();
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      clearTimeout(trailing);
    };
  }, []);

  return (
    <button
      ref={button}
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
