/** User groups and groups as project collaborators. */
export * from './schemas.js';
