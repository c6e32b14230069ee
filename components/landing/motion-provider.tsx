'use client';
import { LazyMotion, MotionConfig, domAnimation } from 'motion/react';

/**
 * One lazily loaded animation bundle for the whole landing page (domAnimation only, ~15 KB), and
 * motion that yields to the visitor's "reduce motion" setting.
 */
export function MotionProvider({ children }: { children: React.ReactNode }) {
  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}
