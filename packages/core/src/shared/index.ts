/** Shared primitives: ids (claims, REST id schemas, GraphQL base64 ids), common fields, languages, rich text, the reader script's English. */
export * from './base64Id.js';
export { emailSchema, languageSchema } from './fields.js';
export * from './idSchemas.js';
export * from './ids.js';
export * from './languages.js';
export * from './readerScript.js';
export * from './richText.js';
