/** Comments on assets: markings, replies with mentions, resolving (decision 0047). */

export type * from './responses.js';
export * from './schemas.js';
