/** What other modules may use of the error-pages module. */
export { pageSettingsPolicy } from './policy.js';
