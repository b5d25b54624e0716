/** The pages admins build: error pages and the sign-in page. */
export * from './errorPage.js';
// Apart from the schemas: the web app's error pages render the defaults without loading zod.
export * from './errorPageDefaults.js';
export * from './loginPage.js';
export * from './pageSettings.js';
export type * from './responses.js';
