/** Projects (libraries and workspaces) and their collaborators. */
export * from './enums.js';
export * from './schemas.js';
