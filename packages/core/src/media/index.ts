/** Media delivery and downloads. */
export * from './schemas.js';
export * from './zoom.js';
