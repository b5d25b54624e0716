/** What other modules may use of the files module. */
export { deleteUnusedFile } from './queries.js';
export { SETTING_IMAGE_EXTENSIONS } from './rules.js';
