import { z } from 'zod';
import { blockedExtensionsSchema, downloadSizesSchema } from '../settings/fields.js';
import { booleanQuery, nameSchema, optionalDate } from '../shared/fields.js';
import { refId } from '../shared/idSchemas.js';
import { toolkitSaveShape } from '../toolkit/saves.js';
import { PROJECT_LEVELS } from './enums.js';

/** Request schemas of projects (libraries and workspaces) and their collaborators. */

/** TRANSLATE is accepted here and refused by the server on projects other than guideline documents. */
export const projectLevelSchema = z.enum(PROJECT_LEVELS, { error: 'Must be VIEW, COMMENT, TRANSLATE, EDIT or ADMIN' });

export const createProjectBodySchema = z
  .object({
    name: nameSchema,
    brand: refId('brand'),
    project_type: z.enum(['MEDIALIBRARY', 'LOGOLIBRARY', 'ICONLIBRARY', 'DOCUMENTLIBRARY', 'WORKSPACE'], {
      error: 'Must be MEDIALIBRARY, LOGOLIBRARY, ICONLIBRARY, DOCUMENTLIBRARY or WORKSPACE',
    }),
    description: z.string({ error: 'Must be a string' }).max(2000, 'Is too long').optional(),
    date_begin: optionalDate,
    date_end: optionalDate,
    // Accepted for compatibility with the spec's payload; they take effect in later issues.
    as_template: z.unknown().optional(),
    notify_collaborators: z.unknown().optional(),
    project_template: z.unknown().optional(),
    styleguide: z.unknown().optional(),
    metadata: z.unknown().optional(),
    template: z.unknown().optional(),
  })
  .strict();

export const updateProjectBodySchema = z
  .object({
    name: nameSchema.optional(),
    description: z.string({ error: 'Must be a string' }).max(2000, 'Is too long').optional(),
    date_begin: optionalDate,
    date_end: optionalDate,
    /** The project's own blocked extensions (the account's apply too), normalised and de-duplicated. */
    blocked_extensions: blockedExtensionsSchema.optional(),
    download_custom_sizes: downloadSizesSchema.optional(),
    targets_sharing_enabled: z.boolean({ error: 'Must be true or false' }).optional(),
    ...toolkitSaveShape,
  })
  .strict();

export const projectListQuerySchema = z
  .object({
    include_libraries: booleanQuery,
    library_types: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim().toUpperCase())
              .filter(Boolean)
          : undefined,
      ),
  })
  .strict();

export const setCollaboratorBodySchema = z.object({ level: projectLevelSchema }).strict();
export const projectUserParamsSchema = z.object({ id: refId('project'), userId: refId('user') }).strict();

export const projectIdParamsSchema = z.object({ projectId: refId('project') }).strict();
