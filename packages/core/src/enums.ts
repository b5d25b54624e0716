/** Enumerations shared by server and web. Values are the API contract (spec: data-api.md, routes-access-shell.md). */

export const ACCOUNT_ROLES = ['OWNER', 'SUPER_USER', 'MEMBER'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const PLANS = ['FREE', 'STARTER', 'PRO', 'ENTERPRISE'] as const;
export type Plan = (typeof PLANS)[number];

/** Account feature flags (routes-access-shell.md §1, data-api.md §6). */
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

export const PROJECT_TYPES = [
  'BRANDUPDATELIBRARY',
  'CAMPAIGN',
  'DOCUMENTLIBRARY',
  'ICONLIBRARY',
  'LOGOLIBRARY',
  'MEDIALIBRARY',
  'STYLEGUIDE',
  'TEMPLATELIBRARY',
  'TEXTLIBRARY',
  'WORKSPACE',
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const ERROR_PAGE_CODES = ['403', '404'] as const;
export type ErrorPageCode = (typeof ERROR_PAGE_CODES)[number];

/** Viewport breakpoints in pixels (routes-access-shell.md §9). */
export const BREAKPOINTS = { xs: 390, sm: 600, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

export const DEFAULT_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export const ROLLOUT_LANGUAGES = ['it', 'pt', 'nl', 'da', 'sv', 'pl', 'cs', 'fi', 'no'] as const;
export const LANGUAGES = [...DEFAULT_LANGUAGES, ...ROLLOUT_LANGUAGES] as const;
export type Language = (typeof LANGUAGES)[number];

/** Cached lookups stay fresh five minutes (data-api.md §9). */
export const LOOKUP_STALE_TIME_MS = 300_000;
