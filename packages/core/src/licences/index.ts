/** Licences, asset copyright and usage consent before downloads (decision 0031). */

export type * from './responses.js';
export * from './schemas.js';
