/** The pages admins build: error pages and the sign-in page. */
export * from './errorPage.js';
export * from './loginPage.js';
export * from './pageSettings.js';
export type * from './responses.js';
