/** What other modules may use of the tags module: an asset's tags for its payload, and the AUTO tags found while processing. */
export { tagsOf } from './operations.js';
export { replaceAutoTags } from './queries.js';
