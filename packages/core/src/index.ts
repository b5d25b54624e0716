export * from './base64Id.js';
export * from './enums.js';
export * from './errorPage.js';
export * from './files.js';
export * from './media.js';
export * from './rules.js';
export * from './schemas.js';
export * from './toolkit.js';
