/** What other modules use of licences and usage consent (decision 0031). */
export {
  CONSENT_TTL_S,
  type ConsentDeps,
  type ConsentSubject,
  consentDetails,
  recordConsent,
  requireDownloadConsent,
} from './consent.js';
export { type AssetRights, rightsOf } from './operations.js';
