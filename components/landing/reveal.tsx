'use client';
import { useEffect, useRef } from 'react';
import { inView } from 'motion';
import { animate } from 'motion/mini';

/**
 * Fades and lifts its content in the first time it scrolls into view. Only opacity and
 * transform change, so nothing around it moves (no layout shift). The hidden start is CSS
 * (`[data-reveal]` in landing.css), so the server HTML already has it and nothing flashes;
 * without JavaScript the page's <noscript> style shows everything at once.
 *
 * Motion's DOM `inView` and its WAAPI-only `animate` (motion/mini) do the work: a few KB,
 * where the React `m` components and their feature bundle put 15 KB on the landing's first load.
 */
export function Reveal({
  children,
  delay = 0,
  className,
}: {
  children: React.ReactNode;
  delay?: number;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      // Asked for no motion: show the content in place, at once.
      element.dataset.reveal = 'shown';
      return;
    }
    return inView(
      element,
      () => {
        void animate(
          element,
          { opacity: [0, 1], transform: ['translateY(24px)', 'none'] },
          { duration: 0.55, delay, ease: [0.25, 0.1, 0.25, 1] },
        ).then(() => {
          element.dataset.reveal = 'shown';
        });
      },
      { margin: '0px 0px -8% 0px' },
    );
  }, [delay]);

  return (
    <div ref={ref} className={className} data-reveal="">
      {children}
    </div>
  );
}
