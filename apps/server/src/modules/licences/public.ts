/** What other modules use of licences and usage consent (decision 0031). */
export {
  CONSENT_TTL_S,
  type ConsentDeps,
  type ConsentSubject,
  consentDetails,
  recordConsent,
  requireDownloadConsent,
} from './consent.js';
/** The GraphQL types of an asset's rights, for the asset types of other modules (`Asset`, `TokenAsset`). */
export { AssetCopyrightRef, AssetLicenseRef } from './graphql.js';
export { type AssetRights, rightsOf } from './operations.js';
