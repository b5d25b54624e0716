/** Folders (sets) of a project. */
export * from './schemas.js';
