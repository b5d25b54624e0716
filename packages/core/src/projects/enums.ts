/** Enumerations of projects: their types and the permission levels on them. */

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

export const PROJECT_LEVELS = ['VIEW', 'COMMENT', 'EDIT', 'ADMIN'] as const;
export type ProjectLevel = (typeof PROJECT_LEVELS)[number];

export function levelAtLeast(level: ProjectLevel | null | undefined, needed: ProjectLevel): boolean {
  if (!level) return false;
  return PROJECT_LEVELS.indexOf(level) >= PROJECT_LEVELS.indexOf(needed);
}
