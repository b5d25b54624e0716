/** What other modules may use of the brands module. */
export { listBrands } from './operations.js';
