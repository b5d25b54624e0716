/** Viewport breakpoints in pixels. */
export const BREAKPOINTS = { xs: 390, sm: 600, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

/** Cached lookups stay fresh five minutes. */
export const LOOKUP_STALE_TIME_MS = 300_000;
