'use client';
import { LazyMotion, MotionConfig } from 'motion/react';

const loadFeatures = () => import('./motion-features').then((module) => module.default);

/**
 * One animation bundle for the whole landing page (domAnimation only), fetched after hydration so
 * it is not part of the first-load JavaScript, and motion that yields to "reduce motion".
 */
export function MotionProvider({ children }: { children: React.ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}
