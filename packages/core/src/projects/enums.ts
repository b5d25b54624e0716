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

/**
 * Levels from lowest to highest. TRANSLATE (between COMMENT and EDIT) exists only on guideline documents
 * (STYLEGUIDE projects), for translators; the server refuses it on any other project.
 */
export const PROJECT_LEVELS = ['VIEW', 'COMMENT', 'TRANSLATE', 'EDIT', 'ADMIN'] as const;
export type ProjectLevel = (typeof PROJECT_LEVELS)[number];

export function levelAtLeast(level: ProjectLevel | null | undefined, needed: ProjectLevel): boolean {
  if (!level) return false;
  return PROJECT_LEVELS.indexOf(level) >= PROJECT_LEVELS.indexOf(needed);
}

/** Whether `level` may be granted on a project of `projectType` (TRANSLATE only on STYLEGUIDE projects). */
export function levelFitsProjectType(level: ProjectLevel, projectType: string): boolean {
  return level !== 'TRANSLATE' || projectType === 'STYLEGUIDE';
}
