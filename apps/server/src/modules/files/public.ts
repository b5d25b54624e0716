/** What other modules may use of the files module. */
export { type FileDeps, ingestPublicFile, isTooLarge, PayloadTooLargeError, type Upload } from './operations.js';
export { deleteUnusedFile } from './queries.js';
export { SETTING_IMAGE_EXTENSIONS } from './rules.js';
