'use client';
import * as m from 'motion/react-m';

/**
 * Fades and lifts its content in the first time it scrolls into view. Only opacity and
 * transform change, so nothing around it moves (no layout shift); without JavaScript the
 * page's <noscript> style shows everything at once.
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
  return (
    <m.div
      className={className}
      data-reveal=""
      initial={{ opacity: 0, y: 24 }}
      whileInView={{ opacity: 1, y: 0 }}
      viewport={{ once: true, margin: '0px 0px -8% 0px' }}
      transition={{ duration: 0.55, delay, ease: [0.25, 0.1, 0.25, 1] }}
    >
      {children}
    </m.div>
  );
}
