/** Files: type groups, the extensions a project accepts, uploads. */
export * from './types.js';
export * from './uploads.js';
