/** Behaviour timings and breakpoints, in one place. */
export const NAVIGATION = {
  /** Offset of the fixed header when scrolling to a `#hash` section, in px. */
  scrollOffsetPx: 120,
  scrollDurationMs: 400,
  scrollEasing: 'ease',
  scrollThrottleMs: 99,
  scrollDebounceMs: 50,
} as const;

export const PROGRESS_BAR = {
  /** The bar appears only for navigations slower than this. */
  showAfterMs: 200,
  /** …and completes within this. */
  maxDurationMs: 5_000,
} as const;

export const CHUNK_RELOAD = {
  /** At most one automatic reload per window after a script chunk fails to load. */
  guardMs: 60_000,
  loadTimeoutMs: 120_000,
} as const;

export const IMAGE_BREAKPOINTS = {
  xs: 320,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  xxl: 1536,
} as const;
