'use client';
import { useEffect } from 'react';

/**
 * The landing's one animation script: marks each `[data-reveal]` block `data-revealed` the first
 * time it comes into view (8 % above the bottom edge), and lets go of it. CSS does the motion, so
 * this is all the JavaScript the reveals cost — the animation library it replaces was 11.6 KB gzip
 * of first-load JS (bench/first-load-js.mjs).
 */
export function RevealOnScroll() {
  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.setAttribute('data-revealed', '');
          observer.unobserve(entry.target);
        }
      },
      { rootMargin: '0px 0px -8% 0px' },
    );
    for (const element of document.querySelectorAll('[data-reveal]:not([data-revealed])')) observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return null;
}
