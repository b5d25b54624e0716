import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as core from '../index.js';
import { ID_KIND_META, ID_KINDS } from './ids.js';

/** Every id field of every exported request schema, as `schema.path → kind` (unmarked ids as `?`). */
function idFields(): Map<string, string> {
  const found = new Map<string, string>();
  let seen = new Set<unknown>();
  const walk = (schema: unknown, path: string) => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    const kind = schema.meta()?.[ID_KIND_META];
    if (typeof kind === 'string') {
      found.set(path, kind);
      return;
    }
    const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    if (def.type === 'object') for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) walk(v, `${path}.${k}`);
    for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'schema']) if (def[key]) walk(def[key], path);
    if (Array.isArray(def.options)) for (const o of def.options) walk(o, path);
  };
  for (const [name, value] of Object.entries(core)) {
    seen = new Set();
    walk(value, name);
  }
  return found;
}

describe('id fields of the request schemas', () => {
  const fields = idFields();

  it('are marked with the kind of record they name', () => {
    expect(fields.size).toBeGreaterThan(20);
    for (const kind of fields.values()) expect(ID_KINDS).toContain(kind);
    expect(fields.get('createFileAssetBodySchema.file_id')).toBe('upload');
    expect(fields.get('createFileAssetBodySchema.project_id')).toBe('project');
    expect(fields.get('createAttachmentBodySchema.asset_id')).toBe('asset');
    expect(fields.get('transferBodySchema.folders')).toBe('folder');
    expect(fields.get('projectGroupParamsSchema.groupId')).toBe('group');
  });

  it('every field named like an id of a record is marked (ids the server ignores are listed here)', () => {
    // Ids the server ignores (upload form context, the image settings' own `{name}_id`), list-entry keys that are
    // values rather than records, the tus upload id (its own route checks the uploader), and
    // the folder list's workflow filter (refused until workflows exist), and a portal's marketplace app (only null is
    // accepted until the marketplace exists, so it names no record), a section's tab-group key (chosen by the editor,
    // not a record), the cover-page settings a reset names (setting keys) and a duplicate group's id (derived from
    // the files' content: `e-<sha256>` or `s-<asset id>`, checked through the library it is read in), a realtime
    // socket id (a connection, not a record; its signature binds it) and the asset a socket says it views (kept only
    // when it is a live asset of the project channel the socket was authorised for).
    const ignored =
      /^uploadFieldsSchema\.(brand|screen|dashboard)_id$|\.(avatar|keyVisualUrl|keyVisualArtUrl|pageBackgroundUrl|backgroundImageUrl)_id$|(Extension|DownloadSize|downloadSizeEntry)\w*Schema\.(extension\.)?id$|^tusUploadParamsSchema\.uploadId$|^setListQuerySchema\.workflow_status_id$|^(create|update)PortalBodySchema\.marketplace_app_id$|^(create|update)SectionBodySchema\.group_id$|^tabGroupParamsSchema\.groupId$|^resetCoverAssetBodySchema\.setting_ids$|^duplicateGroupParamsSchema\.groupId$|^realtimeAuthBodySchema\.socket_id$|^realtimeClientFrameSchema\.asset_id$/;
    const unmarked: string[] = [];
    const seen = new Set<unknown>();
    const walk = (schema: unknown, path: string) => {
      if (!(schema instanceof z.ZodType) || seen.has(schema) || schema.meta()?.[ID_KIND_META]) return;
      seen.add(schema);
      const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
      if (def.type === 'object')
        for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
          const p = `${path}.${k}`;
          const named = /(^|_)(id|ids)$|Id$|^(project|brand|folder|folders|assets|parent)$/.test(k);
          if (named && !isMarked(v) && !ignored.test(p)) unmarked.push(p);
          walk(v, p);
        }
      for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'schema']) if (def[key]) walk(def[key], path);
      if (Array.isArray(def.options)) for (const o of def.options) walk(o, path);
    };
    for (const [name, value] of Object.entries(core)) walk(value, name);
    expect(unmarked).toEqual([]);
  });
});

function isMarked(schema: unknown): boolean {
  let found = false;
  const seen = new Set<unknown>();
  const walk = (s: unknown) => {
    if (found || !(s instanceof z.ZodType) || seen.has(s)) return;
    seen.add(s);
    if (s.meta()?.[ID_KIND_META]) {
      found = true;
      return;
    }
    const def = (s as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'schema']) if (def[key]) walk(def[key]);
    if (Array.isArray(def.options)) for (const o of def.options) walk(o);
  };
  walk(schema);
  return found;
}
