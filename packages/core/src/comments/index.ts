/** Comments on assets: markings, replies with mentions, resolving (decision 0046). */

export type * from './responses.js';
export * from './schemas.js';
