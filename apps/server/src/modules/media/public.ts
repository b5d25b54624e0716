/**
 * What other modules may use of the media module: media URLs (scoped ones for guideline pages and share links), the purge of deleted
 * media, revision processing.
 */

export { processRevisionJob } from './processing.js';
export { enqueueMediaPurge, enqueuePurge } from './purge.js';
export {
  DEFAULT_PREVIEW_WIDTH,
  type GuidelineScope,
  guidelineMediaUrl,
  SCOPED_MAX_AGE_S,
  SMALL_PREVIEW_WIDTH,
  shareMediaUrl,
  signedMediaUrl,
} from './urls.js';
