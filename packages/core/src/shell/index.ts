/** Rules of the app shell: admin sections, routing helpers, breakpoints, cache freshness. */
export * from './constants.js';
export * from './rules.js';
