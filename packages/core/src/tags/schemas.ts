import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';

/** Request schemas of asset tags (decision 0038; settings-toolkit.md "Tags"). */

/** Who put a tag on an asset: people (MANUAL) or Emblem while processing the file (AUTO). */
export const TAG_SOURCES = ['MANUAL', 'AUTO'] as const;
export type TagSource = (typeof TAG_SOURCES)[number];

/** How a tag lies on a selection of assets: on all of them, on some, on none. */
export const TAG_APPLY = ['ALL', 'PARTIAL', 'NONE'] as const;
export type TagApply = (typeof TAG_APPLY)[number];

export const TAG_MAX = 100;
/** Tags in one request. */
export const TAGS_PER_REQUEST_MAX = 50;
/** Assets named at once, directly or through folders, in one tagging request (one transaction). */
export const TAG_ASSETS_MAX = 5_000;
/** Folders named at once. */
export const TAG_SETS_MAX = 100;
export const TAG_SEARCH_LIMIT = 20;

/** One tag: trimmed, inner whitespace collapsed, no control characters; case is kept but ignored when comparing. */
export const tagValueSchema = z
  .string({ error: 'Must be a string' })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'No tag provided')
      .max(TAG_MAX, `At most ${TAG_MAX} characters`)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'Must not contain control characters'),
  );

/** Tags equal but for case count once; the first spelling wins. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of tags) {
    const key = t.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}

const tagList = z
  .array(tagValueSchema, { error: 'Must be a list of tags' })
  .min(1, 'No tag provided')
  .max(TAGS_PER_REQUEST_MAX, `At most ${TAGS_PER_REQUEST_MAX} tags`)
  .transform(uniqueTags);

const assetIds = z.array(refId('asset'), { error: 'Must be a list of asset ids' }).max(TAG_ASSETS_MAX, `At most ${TAG_ASSETS_MAX} assets`);
const setIds = z.array(refId('folder'), { error: 'Must be a list of folder ids' }).max(TAG_SETS_MAX, `At most ${TAG_SETS_MAX} folders`);

/**
 * POST /api/tags: add tags to, or remove them from, the assets named (directly and through folders, whose whole
 * subtree counts). People add MANUAL tags only; removing takes a tag off whatever its source.
 */
export const tagsBodySchema = z
  .object({
    tags: tagList,
    type: z.enum(['add', 'remove'], { error: 'Must be add or remove' }),
    source: z.literal('MANUAL', { error: 'Only MANUAL tags can be added by people' }).optional(),
    engine: z.null({ error: 'Only Emblem sets an engine' }).optional(),
    asset_ids: assetIds.optional().default([]),
    set_ids: setIds.optional().default([]),
  })
  .strict()
  .refine((v) => v.asset_ids.length + v.set_ids.length > 0, { message: 'Name assets or folders to tag', path: ['asset_ids'] });

const searchTerm = z
  .string({ error: 'Must be a string' })
  .max(TAG_MAX, `At most ${TAG_MAX} characters`)
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .optional()
  .default('');

/** POST /api/tag/search: tags of the selection's libraries containing the term, with how they lie on the selection. */
export const tagSearchBodySchema = z
  .object({
    search_term: searchTerm,
    asset_ids: assetIds.optional().default([]),
    set_ids: setIds.optional().default([]),
    include_applied_auto_tags: z.boolean({ error: 'Must be true or false' }).optional().default(false),
  })
  .strict()
  .refine((v) => v.asset_ids.length + v.set_ids.length > 0, { message: 'Name assets or folders', path: ['asset_ids'] });

const boolQuery = z.enum(['true', 'false'], { error: 'Must be true or false' }).transform((v) => v === 'true');

/** GET /api/tag/search?search_term&project_id[&include_auto_tags] and GET /api/tag?project_id: a library's tags. */
export const tagSearchQuerySchema = z
  .object({
    project_id: refId('project'),
    search_term: searchTerm,
    include_auto_tags: boolQuery.optional().default(false),
  })
  .strict();

/** POST /api/project/{id}/tag/rename: one tag renamed on every asset of the library (merged where the new one is there). */
export const renameTagBodySchema = z.object({ from: tagValueSchema, to: tagValueSchema }).strict();

/** POST /api/project/{id}/tag/delete: one tag taken off every asset of the library. */
export const deleteTagBodySchema = z.object({ tag: tagValueSchema }).strict();

export type TagsBody = z.output<typeof tagsBodySchema>;
export type TagSearchBody = z.output<typeof tagSearchBodySchema>;
export type TagSearchQuery = z.output<typeof tagSearchQuerySchema>;
export type RenameTagBody = z.output<typeof renameTagBodySchema>;
export type DeleteTagBody = z.output<typeof deleteTagBodySchema>;
