/** Enumerations of accounts: roles, plans and feature flags. Their values are part of the API. */

export const ACCOUNT_ROLES = ['OWNER', 'SUPER_USER', 'MEMBER'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const PLANS = ['FREE', 'STARTER', 'PRO', 'ENTERPRISE'] as const;
export type Plan = (typeof PLANS)[number];

/** Account feature flags: each turns on a feature (a section, a route, a setting) for one account. */
export const FEATURE_FLAGS = [
  'ACCESS_REQUESTS',
  'USER_PROVISIONING',
  'GROUP_PROVISIONING',
  'USER_GROUPS',
  'TARGETS',
  'AUTOMATIONS',
  'MARKETPLACE',
  'WORKSPACE_PUBLISHING',
  'CATALOGS',
  'MEDIA_DELIVERY',
  'DOMAIN_MANAGEMENT',
  'REPORTS',
  'ANALYTICS',
  'WHITELABEL_EMAIL',
  'COOKIE_CONSENT',
  'SSO',
  'CUSTOM_DOMAINS',
  'TWO_FACTOR',
  'COLLECTIONS',
  'WORKFLOWS',
  'APPROVAL_REQUESTS',
  'PUBLISHING',
  'PUBLIC_API',
  'AUTO_TAGGING',
  'PUBLIC_ASSET_SHARING',
  'CROSS_ACCOUNT_GROUPS',
  'MEDIA_MANIPULATOR_TRANSFORMATIONS',
  'I18N_ROLLOUT',
  /** Development flag: the toolkit gallery route shows every field kind in every state. */
  'TOOLKIT_GALLERY',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/**
 * The flags that switch on something that exists today: account settings offers only these. The others are kept
 * (stored flags stay valid) and a flag joins this list with the feature it switches.
 */
export const SWITCHABLE_FEATURE_FLAGS = [
  'ACCESS_REQUESTS',
  'USER_GROUPS',
  'COOKIE_CONSENT',
  'PUBLIC_ASSET_SHARING',
  'TOOLKIT_GALLERY',
  'APPROVAL_REQUESTS',
] as const satisfies readonly FeatureFlag[];
