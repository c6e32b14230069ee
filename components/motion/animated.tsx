'use client';
import { createElement, useEffect, useState, type ComponentPropsWithRef, type ComponentType } from 'react';

/**
 * Motion where it helps a person on /pay and /team (a dialog rising into place, a result arriving,
 * the row just added): docs/architecture.md#motion. The landing never loads it.
 *
 * Everything of the library — motion's `m` components inside LazyMotion with the domAnimation
 * features — is one chunk (./entrance.tsx) that MotionPreload requests once the page has drawn;
 * the pages' first load carries only this file. An element decides when it mounts: with the chunk
 * there and no request for reduced motion, it enters animated; otherwise it is the plain element,
 * drawn at once in its final state (and it stays what it mounted as, so an open dialog is never
 * replaced under the person using it). Nothing ever waits for an animation to be seen.
 */
export type AnimatedTag = 'dialog' | 'section' | 'ul' | 'tr' | 'span';

/** Where an entrance starts; each property given animates to its settled value (1, 0, 1). */
export interface EntranceFrom {
  opacity?: number;
  y?: number;
  scale?: number;
}

/** A dialog rises a little into place as it opens (its backdrop does not move). */
export const dialogFrom: EntranceFrom = { opacity: 0, y: 16, scale: 0.98 };

type Entrance = ComponentType<{ as: AnimatedTag; from: EntranceFrom } & Record<string, unknown>>;

let entrance: Entrance | null = null;
let loading: Promise<void> | null = null;

/**
 * Without matchMedia (no browser of ours; jsdom) the visitor's preference cannot be read, so
 * nothing moves; with reduced motion asked for, nothing moves and the chunk is not even fetched.
 */
const motionWelcome = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function loadMotion() {
  loading ??= import('./entrance').then(
    (module) => {
      entrance = module.Entrance;
    },
    // Decoration only: a chunk that fails to load (a deploy replaced the build, the person went
    // offline) leaves the page without animations rather than reloading it under them.
    () => {},
  );
}

/** Requests the motion chunk after the page has drawn (put it on the pages that animate). */
export function MotionPreload() {
  useEffect(() => {
    if (motionWelcome()) loadMotion();
  }, []);
  return null;
}

type AnimatedProps<T extends AnimatedTag> = ComponentPropsWithRef<T> & {
  as: T;
  /** Where the entrance starts; without it, the plain element. */
  from?: EntranceFrom;
};

/** The element `as`, entering from `from` when it mounts (see above for when it does not). */
export function Animated<T extends AnimatedTag>({ as, from, ...props }: AnimatedProps<T>) {
  // Decided once, when it mounts (on the server and while hydrating: the plain element).
  const [Motion] = useState(() => (from && motionWelcome() ? entrance : null));
  if (Motion && from) return <Motion as={as} from={from} {...props} />;
  return createElement(as, props);
}
