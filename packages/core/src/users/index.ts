/** Users: one's own profile, password and e-mail address. */
export * from './profile.js';
export type * from './responses.js';
