/**
 * What other modules may use of the media module: media URLs (scoped ones for guideline pages), the purge of deleted
 * media, revision processing.
 */

export { contentDisposition, zipStream } from './downloads.js';
export { processRevisionJob } from './processing.js';
export { enqueueMediaPurge, enqueuePurge } from './purge.js';
export { downloadDepsOf, sendOriginalFile, sendVariant, userFileHeaders } from './routes.js';
export { openShareZip, prepareShareFile, SHARE_PREVIEW_DOWNLOAD_WIDTH, SHARE_ZIP_MAX_FILES, shareOffers } from './share-downloads.js';
export {
  DEFAULT_PREVIEW_WIDTH,
  type GuidelineScope,
  guidelineMediaUrl,
  SCOPED_MAX_AGE_S,
  SMALL_PREVIEW_WIDTH,
  shareMediaUrl,
  signedMediaUrl,
} from './urls.js';
