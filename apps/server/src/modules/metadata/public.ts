/**
 * What other modules may use of the metadata module: an asset's values, its required properties without one, and the
 * properties a caller may set in a library.
 */

export { AssetCustomMetadataRef } from './graphql.js';
export { customMetadataOf, editableProperties, requiredWithoutValue } from './operations.js';
