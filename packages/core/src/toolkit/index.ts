/** Pure rules of the settings-form toolkit, shared by the web toolkit and the server. */
export * from './color.js';
export * from './constants.js';
export * from './crop.js';
export * from './dates.js';
export * from './geometry.js';
export * from './lists.js';
export * from './people.js';
export * from './saves.js';
export * from './text.js';
export * from './time.js';
export * from './typography.js';
export * from './validation.js';
