/** Account and project settings: blocked extensions, custom download sizes, the toolkit list rules. */
export * from './fields.js';
export * from './lists.js';
export * from './schemas.js';
