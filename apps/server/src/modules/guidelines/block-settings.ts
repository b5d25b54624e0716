import { type BlockType, LIBRARY_TYPES, parseBlockSettings } from '@emblem/core';
import { requireAsset, requireFolder, requireProject } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { AppError, type FieldErrors, ValidationError } from '../../http/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { existingInAccount, type RefKind } from './content-queries.js';

/*
 * A block's settings on save: checked against the type's schema (packages/core/src/guidelines/blocks.ts), rich text
 * sanitised (data-api.md §5), every asset, folder and library the settings name checked as a claim of the caller,
 * and what the block names (guideline_block_refs) worked out from them.
 */

/** Keys of settings that name a record, wherever they sit. */
const NAMING_KEYS: Record<string, 'asset' | 'folder' | 'project'> = {
  asset_ids: 'asset',
  asset_id: 'asset',
  folder_id: 'folder',
  project_id: 'project',
};

interface NamedId {
  kind: 'asset' | 'folder' | 'project';
  id: number;
  path: string;
}

function namedIds(value: unknown, path: string[], out: NamedId[]): NamedId[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      namedIds(v, [...path, String(i)], out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const kind = NAMING_KEYS[key];
      if (kind && typeof v === 'number') out.push({ kind, id: v, path: [...path, key].join('.') });
      else if (kind && Array.isArray(v)) {
        v.forEach((id, i) => {
          if (typeof id === 'number') out.push({ kind, id, path: [...path, key, String(i)].join('.') });
        });
      } else namedIds(v, [...path, key], out);
    }
  }
  return out;
}

/** `/document/{d}[/{p}][#/{section or -}/{block}]` in any text of the settings (links in rich text, URLs). */
const LINK = /\/document\/(\d{1,10})(?:\/(\d{1,10}))?(?:#\/(\d{1,10}|-)(?:\/(\d{1,10}))?)?/g;

function links(value: unknown, out: { page: Set<number>; section: Set<number>; block: Set<number> }) {
  if (typeof value === 'string') {
    for (const m of value.matchAll(LINK)) {
      if (m[2]) out.page.add(Number(m[2]));
      if (m[3] && m[3] !== '-') out.section.add(Number(m[3]));
      if (m[4]) out.block.add(Number(m[4]));
    }
  } else if (Array.isArray(value)) for (const v of value) links(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) links(v, out);
  return out;
}

/** Parses settings for `type`: 400 with errors under `settings.<path>` when they fail the type's schema. */
export function parseSettings(type: BlockType, settings: unknown): Record<string, unknown> {
  const result = parseBlockSettings(type, settings);
  if (!result.success) {
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const key = ['settings', ...issue.path.map(String)].join('.');
      const message =
        issue.code === 'unrecognized_keys' ? `Unknown setting${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}` : issue.message;
      errors[key] ??= [];
      errors[key].push(message);
    }
    throw new ValidationError(errors, 'The block settings are not valid');
  }
  const parsed = result.data as Record<string, unknown>;
  if (type === 'text' && typeof parsed.html === 'string') return { ...parsed, html: sanitizeRichText(parsed.html) };
  return parsed;
}

/**
 * Checks every record the settings name: the caller must see it (VIEW on its library) and it must be in a library
 * (not a workspace) of the document's account. Refusals are field errors, one message whatever the reason, so a
 * refusal does not tell an unknown id from an unseen one. Answers the block's refs.
 */
export async function checkSettingsRefs(
  tx: Db,
  actor: Actor,
  document: { accountId: number },
  settings: Record<string, unknown>,
): Promise<{ kind: RefKind; targetId: number }[]> {
  const errors: FieldErrors = {};
  const refs = new Map<string, { kind: RefKind; targetId: number }>();
  for (const named of namedIds(settings, [], [])) {
    try {
      const { project } =
        named.kind === 'asset'
          ? await requireAsset(tx, actor, named.id, 'asset.view')
          : named.kind === 'folder'
            ? await requireFolder(tx, actor, named.id, 'folder.view')
            : await requireProject(tx, actor, named.id, 'project.view');
      if (project.accountId !== document.accountId || !(LIBRARY_TYPES as readonly string[]).includes(project.projectType))
        throw new ValidationError({});
      refs.set(`${named.kind}:${named.id}`, { kind: named.kind, targetId: named.id });
    } catch (e) {
      if (!(e instanceof AppError) || e.statusCode >= 500) throw e;
      const what = named.kind === 'project' ? 'library' : named.kind;
      errors[`settings.${named.path}`] = [`No such ${what} in this account's libraries, or you may not see it`];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors, 'The block settings name records you cannot use');
  return [...refs.values(), ...(await linkRefs(tx, document.accountId, settings))];
}

/** The pages, sections and blocks of the account that the settings link to. */
async function linkRefs(tx: Db, accountId: number, settings: Record<string, unknown>): Promise<{ kind: RefKind; targetId: number }[]> {
  const linked = links(settings, { page: new Set(), section: new Set(), block: new Set() });
  const refs: { kind: RefKind; targetId: number }[] = [];
  for (const kind of ['page', 'section', 'block'] as const) {
    // Only links to items of the same account count: others cannot make a delete here answer "still referenced".
    for (const id of await existingInAccount(tx, accountId, kind, [...linked[kind]])) refs.push({ kind, targetId: id });
  }
  return refs;
}

/**
 * The refs of settings restored from a page's history: they were checked when that state was saved, so they are
 * taken as they are (the reader still serves an asset only while it exists).
 */
export async function restoredRefs(
  tx: Db,
  accountId: number,
  settings: Record<string, unknown>,
): Promise<{ kind: RefKind; targetId: number }[]> {
  const named = new Map(namedIds(settings, [], []).map((n) => [`${n.kind}:${n.id}`, { kind: n.kind as RefKind, targetId: n.id }]));
  return [...named.values(), ...(await linkRefs(tx, accountId, settings))];
}
