import { assetTypeOf, FILE_TYPE_GROUPS, fileTypeGroup } from '@emblem/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';

/* The SQL side of the search index (migration 0015, decision 0039): the functions the triggers use agree with core. */

forEachBackend('search index functions', (env) => {
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await env().started.database.db.execute(q)) as unknown as { rows: T[] }).rows;

  it('gives every extension core knows the file type group and asset type core gives it', async () => {
    const extensions = [...Object.values(FILE_TYPE_GROUPS).flat(), 'PNG', 'Pdf', 'zip', 'txt', '', 'exe'];
    const found = await rows<{ ext: string; grp: string; kind: string; link: string }>(sql`
      select e.ext, asset_search_file_type_group(e.ext) as grp, asset_search_kind(e.ext, 'FILE') as kind,
        asset_search_kind(e.ext, 'URL') as link
      from unnest(${sql.raw(`array[${extensions.map((e) => `'${e}'`).join(', ')}]::text[]`)}) as e(ext)`);
    expect(found).toHaveLength(extensions.length);
    for (const r of found) {
      expect(r.grp, r.ext).toBe(fileTypeGroup(r.ext));
      expect(r.kind, r.ext).toBe(assetTypeOf(r.ext));
      expect(r.link).toBe('EmbeddedContent');
    }
  });

  it('turns #rrggbb and rgba(r,g,b,a) (as processing stores it) into CIELAB and refuses anything else', async () => {
    const [white, red, none, bad, stored, tooBig] = await rows<{ l: number | null; a: number | null; b: number | null }>(sql`
      select (asset_search_lab('#ffffff')).* union all select (asset_search_lab('#FF0000')).*
      union all select (asset_search_lab(null)).* union all select (asset_search_lab('red')).*
      union all select (asset_search_lab('rgba(255,0,0,0.5)')).* union all select (asset_search_lab('rgba(256,0,0,1)')).*`);
    expect(stored?.l).toBeCloseTo(53.24, 0);
    expect(stored?.a).toBeCloseTo(80.09, 0);
    expect(tooBig).toEqual({ l: null, a: null, b: null });
    expect(white?.l).toBeCloseTo(100, 0);
    expect(white?.a).toBeCloseTo(0, 0);
    expect(red?.l).toBeCloseTo(53.24, 0);
    expect(red?.a).toBeCloseTo(80.09, 0);
    expect(red?.b).toBeCloseTo(67.2, 0);
    expect(none).toEqual({ l: null, a: null, b: null });
    expect(bad).toEqual({ l: null, a: null, b: null });
  });
});

describe('core', () => {
  it('has each extension in one group only', () => {
    const all = Object.values(FILE_TYPE_GROUPS).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});
