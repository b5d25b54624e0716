/** What other modules may use of the assets module: presenting assets the caller may see, and the GraphQL `Asset` type. */
export { AssetRef } from './graphql.js';
export { type AssetDeps, deleteAssets, listAssets, presentGranted } from './operations.js';
export { assetDeps as assetDepsOf } from './routes.js';
export { insertSubmittedAsset, type Submission } from './submitted.js';
