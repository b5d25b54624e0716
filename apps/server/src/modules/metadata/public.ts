/** What other modules may use of the metadata module: an asset's values and its required properties without one. */

export { AssetCustomMetadataRef } from './graphql.js';
export { customMetadataOf, requiredWithoutValue } from './operations.js';
