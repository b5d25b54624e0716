/** Viewport breakpoints in pixels (routes-access-shell.md §9). */
export const BREAKPOINTS = { xs: 390, sm: 600, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

/** Cached lookups stay fresh five minutes (data-api.md §9). */
export const LOOKUP_STALE_TIME_MS = 300_000;
