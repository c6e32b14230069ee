'use client';
import type { ElementType } from 'react';
import { LazyMotion, MotionConfig, domAnimation, m } from 'motion/react';
import type { AnimatedTag, EntranceFrom } from './animated';

/** Short and plain: an entrance says "this is new", it does not perform. */
const transition = { duration: 0.2, ease: 'easeOut' } as const;

/** Where each property of an entrance ends: fully opaque, in place, at its own size. */
const settled = (from: EntranceFrom) => ({
  ...(from.opacity !== undefined && { opacity: 1 }),
  ...(from.y !== undefined && { y: 0 }),
  ...(from.scale !== undefined && { scale: 1 }),
});

/**
 * The element of `as`, animated from `from` to its settled state as it mounts. This module is the
 * motion chunk (motion, its `m` components and the domAnimation features), loaded after the page
 * has drawn: see Animated (./animated.tsx) and docs/architecture.md#motion.
 */
export function Entrance({ as, from, ...props }: { as: AnimatedTag; from: EntranceFrom } & Record<string, unknown>) {
  const Element = m[as] as ElementType;
  return (
    <LazyMotion features={domAnimation} strict>
      {/* "user": should the visitor ask for reduced motion meanwhile, transforms jump to their end. */}
      <MotionConfig reducedMotion="user" transition={transition}>
        <Element initial={from} animate={settled(from)} {...props} />
      </MotionConfig>
    </LazyMotion>
  );
}
