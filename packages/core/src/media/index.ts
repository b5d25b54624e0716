/** Media delivery and downloads. */
export * from './schemas.js';
