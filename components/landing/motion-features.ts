// Loaded after hydration (LazyMotion's async `features`), so the animation code never delays first paint.
export { domAnimation as default } from 'motion/react';
