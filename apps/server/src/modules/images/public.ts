/** What other modules may use of the setting-images module: reading and storing an image setting. */
export { type ImageDeps, type ImageSave, readImageSave, readSettingsSave, resolveImageSave } from './operations.js';
