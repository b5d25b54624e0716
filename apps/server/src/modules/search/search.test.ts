import { encodeBase64Id } from '@emblem/core';
import { sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client, Json, TestUser } from '../../test/harness.js';
import { forEachBackend } from '../../test/harness.js';
import { assetsKit } from '../assets/assets-test-kit.js';

/* POST /api/asset/search and its suggestions (issue 13 §3, decision 0039), through HTTP on both backends. */

const ids = (res: Json): number[] => res.body.data.items.map((a: { id: number }) => a.id);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

forEachBackend('asset search', (env) => {
  const kit = assetsKit(env);
  const exec = (q: ReturnType<typeof sql>) => kit.db().execute(q);
  const rowsOf = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => ((await exec(q)) as unknown as { rows: T[] }).rows;

  interface World {
    owner: TestUser;
    accountId: number;
    brandId: number;
    c: Client;
    media: number;
    other: number;
    logo: number;
    beach: number;
    report: number;
    link: number;
    hidden: number;
    text: number;
    select: number;
    number: number;
    date: number;
    secret: number;
    red: number;
    blue: number;
  }
  let w: World;

  const search = (c: Client, body: Record<string, unknown>) => c.post('/asset/search', { brand_id: w.brandId, ...body });
  const found = async (body: Record<string, unknown>, c = w.c) => {
    const res = await search(c, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return sorted(ids(res));
  };
  /** Sets what processing would have found on an asset's current revision (the revision trigger refreshes the index). */
  const facts = (assetId: number, metadata: Record<string, unknown>, background: string | null) =>
    exec(sql`update asset_revisions set metadata = ${JSON.stringify(metadata)}::jsonb, preview_background_color = ${background}
      where id = (select current_revision_id from assets where id = ${assetId})`);

  /**
   * The columns copied from assets, and search_tags and search_terms kept by the triggers, are what a rebuild from
   * the tables gives (the vocabulary is only added to, so a rebuild's words are a subset of the kept ones).
   */
  const expectAggregatesInStep = async () => {
    const [stale] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from asset_search s join assets a on a.id = s.asset_id
      where (s.live, s.status, s.created_by, s.created_at, s.modified_at, s.expires_at, s.title_key, s.project_id)
        is distinct from (a.deleted_at is null, a.status, a.created_by, a.created_at, a.modified_at, a.expires_at, lower(unaccent(a.title)), a.project_id)
        or s.tag_keys is distinct from coalesce((select array_agg(t.key order by t.key) from asset_tags t where t.asset_id = a.id), '{}')`);
    expect(stale?.n).toBe(0);
    const tags = () => rowsOf(sql`select project_id, key, count from search_tags order by 1, 2`);
    const terms = () => rowsOf<{ t: string }>(sql`select project_id || ':' || term as t from search_terms order by 1`);
    const [keptTags, keptTerms] = [await tags(), await terms()];
    await exec(sql`select asset_search_rebuild_aggregates()`);
    expect(keptTags).toEqual(await tags());
    const kept = new Set(keptTerms.map((r) => r.t));
    expect((await terms()).filter((r) => !kept.has(r.t))).toEqual([]);
  };

  beforeAll(async () => {
    const { owner, accountId, project, c } = await kit.setup();
    const [brandRow] = await rowsOf<{ brand_id: number }>(sql`select brand_id from projects where id = ${project.id}`);
    const brandId = brandRow?.brand_id as number;
    const other = (await env().factories.project(owner.actor, { brandId, name: 'Archive', type: 'MEDIALIBRARY' })).id;
    const logo = (await kit.fileAsset(c, owner, project.id, { name: 'brand_mark_final.png', title: 'Company Logo' })).id;
    const beach = (await kit.fileAsset(c, owner, project.id, { name: 'IMG_0042.png', title: 'Sunny beach' })).id;
    const report = (await kit.fileAsset(c, owner, other, { name: 'annual.pdf', title: 'Annual report' })).id;
    const link = await kit.link(c, project.id, 'Press kit');
    const hidden = await kit.link(c, other, 'Quarterly numbers');
    expect((await c.patch(`/asset/${beach}`, { description: 'Waves and a lighthouse at dawn' })).status).toBe(200);
    expect((await c.post('/tags', { type: 'add', tags: ['Summer', 'Travel'], asset_ids: [beach] })).status).toBe(200);
    expect((await c.post('/tags', { type: 'add', tags: ['Brand'], asset_ids: [logo, link] })).status).toBe(200);
    await facts(logo, { width: 400, height: 400 }, '#d01010');
    await facts(beach, { width: 1600, height: 900 }, '#1030c0');

    const prop = async (name: string, type: string, searchable = true) => {
      const [row] = await rowsOf<{
        id: number;
      }>(sql`insert into custom_metadata_properties (account_id, brand_id, name, type, is_searchable)
          values (${accountId}, ${brandId}, ${name}, ${type}, ${searchable}) returning id`);
      return row?.id as number;
    };
    const text = await prop('Campaign', 'TEXT');
    const select = await prop('Region', 'SELECT');
    const number = await prop('Budget', 'NUMBER');
    const date = await prop('Shot on', 'DATE');
    const secret = await prop('Internal code', 'TEXT', false);
    const options = await rowsOf<{ id: number }>(sql`insert into custom_metadata_property_options (property_id, value, position)
        values (${select}, 'Europe', 0), (${select}, 'Asia', 1) returning id`);
    const [red, blue] = options.map((o) => o.id) as [number, number];
    const value = (assetId: number, propertyId: number, v: unknown) =>
      exec(
        sql`insert into asset_custom_metadata (asset_id, property_id, value) values (${assetId}, ${propertyId}, ${JSON.stringify(v)}::jsonb)`,
      );
    await value(logo, text, 'Springfield relaunch');
    await value(logo, select, red);
    await value(beach, select, blue);
    await value(report, select, red);
    await value(logo, number, 1500);
    await value(beach, number, 200);
    await value(beach, date, '2026-03-14');
    await value(report, secret, 'zebracode');
    w = {
      owner,
      accountId,
      brandId,
      c,
      media: project.id,
      other,
      logo,
      beach,
      report,
      link,
      hidden,
      text,
      select,
      number,
      date,
      secret,
      red,
      blue,
    };
  });

  describe('words', () => {
    it('finds assets by title, tags, file name, description and searchable custom metadata', async () => {
      expect(await found({ query: 'logo' })).toEqual([w.logo]);
      expect(await found({ query: 'summer' })).toEqual([w.beach]);
      expect(await found({ query: 'brand' })).toEqual(sorted([w.logo, w.link]));
      expect(await found({ query: 'mark' })).toEqual([w.logo]);
      expect(await found({ query: 'lighthouse' })).toEqual([w.beach]);
      expect(await found({ query: 'springfield' })).toEqual([w.logo]);
      expect(await found({ query: 'asia' })).toEqual([w.beach]);
      // Not searchable: its values are not words of the asset.
      expect(await found({ query: 'zebracode' })).toEqual([]);
      expect(await found({ query: 'nothingmatcheshere' })).toEqual([]);
    });

    it('tolerates typos in titles and tags and ranks the best match first', async () => {
      expect(await found({ query: 'logp' })).toEqual([w.logo]);
      expect(await found({ query: 'sumer' })).toEqual([w.beach]);
      const res = await search(w.c, { query: 'annual report' });
      expect(ids(res)[0]).toBe(w.report);
      // A neighbour differs by a letter or two: 'lighthose' is the lighthouse, not every asset that says 'light'.
      const light = await kit.link(w.c, w.media, 'Light');
      const lighthouse = await kit.link(w.c, w.media, 'Lighthouse');
      try {
        expect(await found({ query: 'lighthose' })).toEqual(sorted([w.beach, lighthouse]));
      } finally {
        await exec(sql`delete from assets where id in (${light}, ${lighthouse})`);
      }
    });

    it('ignores accents and case', async () => {
      expect(await found({ query: 'SÚNNY' })).toEqual([w.beach]);
    });
  });

  describe('filters', () => {
    const f = (field: string, operator: string, value?: unknown) =>
      found({ filters: [{ field, operator, ...(value === undefined ? {} : { value }) }] });

    it('type, file type group, extension, status and library', async () => {
      expect(await f('type', 'IS', 'EmbeddedContent')).toEqual(sorted([w.link, w.hidden]));
      expect(await f('type', 'IS_NOT', 'EmbeddedContent')).toEqual(sorted([w.logo, w.beach, w.report]));
      expect(await f('type', 'IS_ONE_OF', ['Document', 'EmbeddedContent'])).toEqual(sorted([w.report, w.link, w.hidden]));
      expect(await f('type', 'IS_NOT_ONE_OF', ['Image', 'EmbeddedContent'])).toEqual([w.report]);
      expect(await f('file_type_group', 'IS', 'documents')).toEqual([w.report]);
      expect(await f('extension', 'IS', 'PNG')).toEqual(sorted([w.logo, w.beach]));
      expect(await f('extension', 'IS_NOT_ONE_OF', ['png'])).toEqual(sorted([w.report, w.link, w.hidden]));
      expect(await f('library', 'IS', w.other)).toEqual(sorted([w.report, w.hidden]));
      expect(await f('library', 'IS_NOT', w.other)).toEqual(sorted([w.logo, w.beach, w.link]));
      expect(await f('status', 'IS_ONE_OF', ['PROCESSING', 'FINISHED', 'PROCESSING_FAILED'])).toHaveLength(5);
      expect(await f('creator', 'IS', w.owner.id)).toHaveLength(5);
    });

    it('tags', async () => {
      expect(await f('tags', 'IS', 'summer')).toEqual([w.beach]);
      expect(await f('tags', 'IS_NOT', 'brand')).toEqual(sorted([w.beach, w.report, w.hidden]));
      expect(await f('tags', 'IS_ONE_OF', ['travel', 'brand'])).toEqual(sorted([w.logo, w.beach, w.link]));
      expect(await f('tags', 'IS_NOT_ONE_OF', ['travel', 'brand'])).toEqual(sorted([w.report, w.hidden]));
      expect(await f('tags', 'CONTAINS', 'umm')).toEqual([w.beach]);
      expect(await f('tags', 'DOES_NOT_CONTAIN', 'ran')).toEqual(sorted([w.beach, w.report, w.hidden]));
      expect(await f('tags', 'STARTS_WITH', 'tra')).toEqual([w.beach]);
      expect(await f('tags', 'ENDS_WITH', 'AND')).toEqual(sorted([w.logo, w.link]));
      expect(await f('tags', 'IS_EMPTY')).toEqual(sorted([w.report, w.hidden]));
      expect(await f('tags', 'IS_NOT_EMPTY')).toEqual(sorted([w.logo, w.beach, w.link]));
      // Quotes, backslashes, spaces and tsquery operators in a tag are its letters (the filter token is quoted).
      const odd = "O'Brien \\ & | ! <-> :*";
      expect((await w.c.post('/tags', { type: 'add', tags: [odd], asset_ids: [w.report] })).status).toBe(200);
      expect(await f('tags', 'IS', odd.toUpperCase())).toEqual([w.report]);
      expect(await f('tags', 'IS_ONE_OF', [odd, 'summer'])).toEqual(sorted([w.beach, w.report]));
      expect((await w.c.post('/tags', { type: 'remove', tags: [odd], asset_ids: [w.report] })).status).toBe(200);
      expect(await f('tags', 'IS', odd)).toEqual([]);
    });

    it('title, file name and description', async () => {
      expect(await f('title', 'IS', 'company logo')).toEqual([w.logo]);
      expect(await f('title', 'IS_NOT', 'company logo')).toHaveLength(4);
      expect(await f('title', 'CONTAINS', 'port')).toEqual([w.report]);
      expect(await f('title', 'DOES_NOT_CONTAIN', 'n')).toEqual([w.link]);
      expect(await f('title', 'STARTS_WITH', 'sun')).toEqual([w.beach]);
      expect(await f('title', 'ENDS_WITH', 'kit')).toEqual([w.link]);
      expect(await f('filename', 'CONTAINS', '0042')).toEqual([w.beach]);
      expect(await f('filename', 'IS_EMPTY')).toEqual(sorted([w.link, w.hidden]));
      expect(await f('filename', 'IS_NOT_EMPTY')).toEqual(sorted([w.logo, w.beach, w.report]));
      expect(await f('description', 'IS_NOT_EMPTY')).toEqual([w.beach]);
      expect(await f('description', 'IS_EMPTY')).toHaveLength(4);
    });

    it('dimensions, orientation and size', async () => {
      expect(await f('width', 'IS', 400)).toEqual([w.logo]);
      expect(await f('width', 'IS_NOT', 400)).toHaveLength(4);
      expect(await f('width', 'IS_AFTER', 400)).toEqual([w.beach]);
      expect(await f('height', 'IS_BEFORE', 500)).toEqual([w.logo]);
      expect(await f('orientation', 'IS', 'SQUARE')).toEqual([w.logo]);
      expect(await f('orientation', 'IS_ONE_OF', ['LANDSCAPE', 'PORTRAIT'])).toEqual([w.beach]);
      expect(await f('size', 'IS_AFTER', 0)).toEqual(sorted([w.logo, w.beach, w.report]));
      expect(await f('size', 'IS_BEFORE', 1)).toEqual([]);
    });

    it('dates: that day, before and after, and expiry', async () => {
      const today = new Date().toISOString().slice(0, 10);
      expect(await f('created_at', 'IS_AT', today)).toHaveLength(5);
      expect(await f('created_at', 'IS_BEFORE', today)).toEqual([]);
      expect(await f('created_at', 'IS_AFTER', '2000-01-01')).toHaveLength(5);
      expect(await f('modified_at', 'IS_AFTER', '2999-01-01T00:00:00Z')).toEqual([]);
      expect(await f('expires_at', 'IS_EMPTY')).toHaveLength(5);
      expect(await f('expires_at', 'IS_NOT_EMPTY')).toEqual([]);
    });

    it('colour: near the dominant colour, nearest first', async () => {
      expect(await f('color', 'IS', '#e00000')).toEqual([w.logo]);
      expect(await f('color', 'IS', { color: '#e00000', distance: 1 })).toEqual([]);
      const res = await search(w.c, { filters: [{ field: 'color', operator: 'IS', value: { color: '#803070', distance: 200 } }] });
      expect(ids(res)).toEqual([w.beach, w.logo]);
    });

    it('custom metadata of each type', async () => {
      expect(await f(`custom_metadata.${w.text}`, 'CONTAINS', 'spring')).toEqual([w.logo]);
      expect(await f(`custom_metadata.${w.select}`, 'IS', w.red)).toEqual(sorted([w.logo, w.report]));
      expect(await f(`custom_metadata.${w.select}`, 'IS_NOT', w.red)).toEqual(sorted([w.beach, w.link, w.hidden]));
      expect(await f(`custom_metadata.${w.select}`, 'IS_ONE_OF', [w.red, w.blue])).toHaveLength(3);
      expect(await f(`custom_metadata.${w.number}`, 'IS_AFTER', 1000)).toEqual([w.logo]);
      expect(await f(`custom_metadata.${w.number}`, 'IS', 200)).toEqual([w.beach]);
      expect(await f(`custom_metadata.${w.date}`, 'IS_AT', '2026-03-14')).toEqual([w.beach]);
      expect(await f(`custom_metadata.${w.date}`, 'IS_BEFORE', '2026-03-14')).toEqual([]);
      expect(await f(`custom_metadata.${w.date}`, 'IS_EMPTY')).toHaveLength(4);
      expect(await f(`custom_metadata.${w.number}`, 'IS_NOT_EMPTY')).toEqual(sorted([w.logo, w.beach]));
    });

    it('combines filters with words', async () => {
      expect(await found({ query: 'brand', filters: [{ field: 'type', operator: 'IS', value: 'Image' }] })).toEqual([w.logo]);
      expect(await found({ project_id: w.other, filters: [{ field: 'tags', operator: 'IS_EMPTY' }] })).toEqual(
        sorted([w.report, w.hidden]),
      );
    });
  });

  describe('refusals', () => {
    const refused = async (body: Record<string, unknown>, status: number, field?: string) => {
      const res = await search(w.c, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (field) expect(Object.keys(res.body.errors ?? {})).toContain(field);
    };

    it('refuses unknown fields, operators that do not fit, bad values and bad cursors with a 400 naming them', async () => {
      await refused({ filters: [{ field: 'colour', operator: 'IS', value: '#ffffff' }] }, 400, 'filters.0.field');
      await refused({ filters: [{ field: 'width', operator: 'CONTAINS', value: 3 }] }, 400, 'filters.0.operator');
      await refused({ filters: [{ field: 'type', operator: 'IS', value: 'Picture' }] }, 400, 'filters.0.value');
      await refused({ filters: [{ field: `custom_metadata.${w.number}`, operator: 'CONTAINS', value: 'x' }] }, 400, 'filters.0.operator');
      await refused({ filters: [{ field: `custom_metadata.${w.number}`, operator: 'IS', value: 'x' }] }, 400, 'filters.0.value');
      await refused({ filters: [{ field: `custom_metadata.${w.select}`, operator: 'IS', value: 999999 }] }, 400, 'filters.0.value');
      await refused({ facets: ['title'] }, 400, 'facets.0');
      await refused({ facets: [`custom_metadata.${w.text}`] }, 400, 'facets.0');
      await refused({ cursor: 'not-a-cursor' }, 400, 'cursor');
      const first = await search(w.c, { limit: 1, sort: { by: 'title', direction: 'asc' } });
      await refused({ limit: 1, sort: { by: 'size', direction: 'asc' }, cursor: first.body.data.next_cursor }, 400, 'cursor');
      // A cursor pages the search it came from: other words or filters refuse it.
      const sameSort = { limit: 1, sort: { by: 'title', direction: 'asc' }, cursor: first.body.data.next_cursor };
      expect((await search(w.c, sameSort)).status).toBe(200);
      await refused({ ...sameSort, query: 'logo' }, 400, 'cursor');
      await refused({ ...sameSort, filters: [{ field: 'type', operator: 'IS', value: 'Image' }] }, 400, 'cursor');
      await refused({ limit: 101 }, 400, 'limit');
    });

    it('answers 404 for a brand, library, project, creator or property the caller cannot use', async () => {
      const stranger = await env().factories.account();
      const theirs = await env().factories.project(stranger.owner.actor);
      const [theirRow] = await rowsOf<{ id: number }>(sql`insert into custom_metadata_properties (account_id, brand_id, name, type)
          values (${stranger.accountId}, ${theirs.brandId}, 'Theirs', 'TEXT') returning id`);
      const theirProperty = theirRow?.id as number;
      await refused({ brand_id: theirs.brandId }, 404);
      await refused({ filters: [{ field: 'library', operator: 'IS', value: theirs.id }] }, 404);
      await refused({ project_id: theirs.id }, 404);
      await refused({ filters: [{ field: 'creator', operator: 'IS', value: stranger.owner.id }] }, 404);
      await refused({ filters: [{ field: `custom_metadata.${theirProperty}`, operator: 'IS_EMPTY' }] }, 404);
      await refused({ facets: [`custom_metadata.${theirProperty}`] }, 404);
      expect((await env().anon().post('/asset/search', { brand_id: w.brandId })).status).toBe(401);
    });
  });

  describe('facets and paging', () => {
    it('counts facets over the filtered result, with names and option values', async () => {
      const res = await search(w.c, {
        filters: [{ field: 'type', operator: 'IS_NOT', value: 'Document' }],
        facets: ['type', 'tags', 'library', 'extension', 'orientation', 'file_type_group', `custom_metadata.${w.select}`],
      });
      expect(res.status).toBe(200);
      const { facets, total } = res.body.data;
      expect(total).toBe(4);
      expect(facets.type).toEqual([
        { value: 'EmbeddedContent', count: 2 },
        { value: 'Image', count: 2 },
      ]);
      expect(facets.tags).toEqual([
        { value: 'Brand', count: 2 },
        { value: 'Summer', count: 1 },
        { value: 'Travel', count: 1 },
      ]);
      expect(facets.library).toEqual([
        { value: w.media, count: 3, label: 'Media' },
        { value: w.other, count: 1, label: 'Archive' },
      ]);
      expect(facets.extension).toEqual([{ value: 'png', count: 2 }]);
      expect(facets.orientation).toEqual([
        { value: 'LANDSCAPE', count: 1 },
        { value: 'SQUARE', count: 1 },
      ]);
      expect(facets.file_type_group).toEqual([
        { value: 'images', count: 2 },
        { value: 'other', count: 2 },
      ]);
      expect(facets[`custom_metadata.${w.select}`]).toEqual([
        { value: w.red, count: 1, label: 'Europe' },
        { value: w.blue, count: 1, label: 'Asia' },
      ]);
    });

    it('pages through every result with cursors, without duplicates or gaps, under each sort', async () => {
      const all = sorted([w.logo, w.beach, w.report, w.link, w.hidden]);
      for (const by of ['relevance', 'created_at', 'modified_at', 'title', 'size'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const seen: number[] = [];
          let cursor: string | null = null;
          for (let i = 0; i < 10; i++) {
            const res: Json = await search(w.c, { limit: 2, sort: { by, direction }, ...(cursor ? { cursor } : {}) });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            expect(res.body.data.total).toBe(5);
            seen.push(...ids(res));
            cursor = res.body.data.next_cursor;
            if (!cursor) break;
          }
          expect(sorted(seen), `${by} ${direction}`).toEqual(all);
          expect(new Set(seen).size).toBe(seen.length);
        }
      }
      const byTitle = await search(w.c, { sort: { by: 'title', direction: 'asc' } });
      expect(res2titles(byTitle)).toEqual(['Annual report', 'Company Logo', 'Press kit', 'Quarterly numbers', 'Sunny beach']);
    });
  });

  describe('access', () => {
    it('never returns or counts assets of a library the member cannot see', async () => {
      const member = await env().factories.member(w.accountId, 'MEMBER');
      expect((await w.c.put(`/project/${w.media}/user/${member.id}`, { level: 'VIEW' })).status).toBe(200);
      const mc = await env().signIn(member);
      const res = await search(mc, { facets: ['library', 'type', 'tags'] });
      expect(res.status).toBe(200);
      expect(sorted(ids(res))).toEqual(sorted([w.logo, w.beach, w.link]));
      expect(res.body.data.total).toBe(3);
      expect(res.body.data.facets.library).toEqual([{ value: w.media, count: 3, label: 'Media' }]);
      expect(res.body.data.facets.type).toEqual([
        { value: 'Image', count: 2 },
        { value: 'EmbeddedContent', count: 1 },
      ]);
      expect(sorted(ids(await search(mc, { query: 'annual' })))).toEqual([]);
      expect((await search(mc, { filters: [{ field: 'library', operator: 'IS', value: w.other }] })).status).toBe(404);
      expect((await search(mc, { project_id: w.other })).status).toBe(404);
      const suggestions = await mc.get(`/asset/search/suggestions?brand_id=${w.brandId}&q=quar`);
      expect(suggestions.status).toBe(200);
      expect(suggestions.body.data.assets).toEqual([]);
      const none = await env().signIn(await env().factories.member(w.accountId, 'MEMBER'));
      const empty = await search(none, { facets: ['type'] });
      expect(empty.body.data).toMatchObject({ items: [], total: 0, facets: { type: [] } });
    });

    it('keeps the values of a property that is not viewable from people below EDIT: no words, filters or facets', async () => {
      const [row] = await rowsOf<{ id: number }>(sql`insert into custom_metadata_properties
          (account_id, brand_id, name, type, is_searchable, is_viewable)
          values (${w.accountId}, ${w.brandId}, 'Legal hold', 'TEXT', true, false) returning id`);
      const hiddenProperty = row?.id as number;
      await exec(
        sql`insert into asset_custom_metadata (asset_id, property_id, value) values (${w.logo}, ${hiddenProperty}, '"hushword"'::jsonb)`,
      );
      const member = await env().factories.member(w.accountId, 'MEMBER');
      expect((await w.c.put(`/project/${w.media}/user/${member.id}`, { level: 'VIEW' })).status).toBe(200);
      const mc = await env().signIn(member);
      const filter = { field: `custom_metadata.${hiddenProperty}`, operator: 'IS', value: 'hushword' };
      // Its words are not in the index for anyone; its filter exists only for people who edit every library searched.
      expect(ids(await search(mc, { query: 'hushword' }))).toEqual([]);
      expect(ids(await search(w.c, { query: 'hushword' }))).toEqual([]);
      expect((await search(mc, { filters: [filter] })).status).toBe(404);
      expect(ids(await search(w.c, { filters: [filter] }))).toEqual([w.logo]);
      // A viewable property's words are found again once it is made viewable (the trigger refreshes its assets).
      await exec(sql`update custom_metadata_properties set is_viewable = true where id = ${hiddenProperty}`);
      expect(ids(await search(mc, { query: 'hushword' }))).toEqual([w.logo]);
      await exec(sql`delete from custom_metadata_properties where id = ${hiddenProperty}`);
    });
  });

  describe('the index follows changes', () => {
    it('title edits, tags, trash and restore', async () => {
      const id = await kit.link(w.c, w.media, 'Temporary flyer');
      expect(await found({ query: 'flyer' })).toEqual([id]);
      expect((await w.c.patch(`/asset/${id}`, { title: 'Permanent poster' })).status).toBe(200);
      expect(await found({ query: 'flyer' })).toEqual([]);
      expect(await found({ query: 'poster' })).toEqual([id]);
      expect((await w.c.post('/tags', { type: 'add', tags: ['Octoberfest'], asset_ids: [id] })).status).toBe(200);
      expect(await found({ query: 'octoberfest' })).toEqual([id]);
      expect((await w.c.post('/tags', { type: 'remove', tags: ['octoberfest'], asset_ids: [id] })).status).toBe(200);
      expect(await found({ query: 'octoberfest' })).toEqual([]);
      expect((await w.c.delete(`/asset/${id}`)).status).toBe(200);
      expect(await found({ query: 'poster' })).toEqual([]);
      expect((await w.c.post(`/asset/${id}/restore`)).status).toBe(200);
      expect(await found({ query: 'poster' })).toEqual([id]);
      await exec(sql`update custom_metadata_properties set is_searchable = true where id = ${w.secret}`);
      expect(await found({ query: 'zebracode' })).toEqual([w.report]);
      await exec(sql`update custom_metadata_properties set is_searchable = false where id = ${w.secret}`);
      expect(await found({ query: 'zebracode' })).toEqual([]);
      await exec(sql`update custom_metadata_property_options set value = 'Oceania' where id = ${w.blue}`);
      expect(await found({ query: 'oceania' })).toEqual([w.beach]);
      await exec(sql`update custom_metadata_property_options set value = 'Asia' where id = ${w.blue}`);
      expect((await w.c.delete(`/asset/${id}`)).status).toBe(200);
      await expectAggregatesInStep();
    });

    it('counts tags on live assets only, for suggestions, and keeps the counts as a rebuild would (decision 0043)', async () => {
      const tagCount = async () => {
        const res = await w.c.get(`/asset/search/suggestions?brand_id=${w.brandId}&q=wander`);
        return res.body.data.tags as { value: string; count: number }[];
      };
      const a = await kit.link(w.c, w.media, 'Trail map');
      const b = await kit.link(w.c, w.other, 'Hut list');
      expect((await w.c.post('/tags', { type: 'add', tags: ['Wanderlust'], asset_ids: [a, b] })).status).toBe(200);
      expect(await tagCount()).toEqual([{ value: 'Wanderlust', count: 2 }]);
      expect((await w.c.delete(`/asset/${a}`)).status).toBe(200);
      expect(await tagCount()).toEqual([{ value: 'Wanderlust', count: 1 }]);
      expect((await w.c.post(`/asset/${a}/restore`)).status).toBe(200);
      expect(await tagCount()).toEqual([{ value: 'Wanderlust', count: 2 }]);
      // A tag respelt in case only keeps its count and shows the new spelling.
      expect((await w.c.post(`/project/${w.media}/tag/rename`, { from: 'wanderlust', to: 'WanderLust' })).status).toBe(200);
      expect((await w.c.post(`/project/${w.other}/tag/rename`, { from: 'wanderlust', to: 'WanderLust' })).status).toBe(200);
      expect(await tagCount()).toEqual([{ value: 'WanderLust', count: 2 }]);
      expect((await w.c.post('/tags', { type: 'remove', tags: ['wanderlust'], asset_ids: [a] })).status).toBe(200);
      expect(await tagCount()).toEqual([{ value: 'WanderLust', count: 1 }]);
      await exec(sql`delete from assets where id = ${b}`);
      expect(await tagCount()).toEqual([]);
      // A word of a title is in the vocabulary once indexed: a typo of it finds the asset.
      expect(await found({ query: 'trial mapp' })).toEqual([]);
      expect(await found({ query: 'trail mapp' })).toEqual([a]);
      await exec(sql`delete from assets where id = ${a}`);
      await expectAggregatesInStep();
    });

    it('finds values only where their property applies, following changes of its libraries (decision 0044)', async () => {
      const made = await w.c.post(`/brand/${w.brandId}/custom-metadata-properties`, {
        name: 'Region',
        type: 'SELECT',
        options: [{ value: 'Nordics' }],
        project_ids: [w.media, w.other],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const property = made.body.data.id as number;
      const nordics = made.body.data.options[0].id as number;
      const doomed = (await env().factories.project(w.owner.actor, { brandId: w.brandId, name: 'Regional', type: 'MEDIALIBRARY' })).id;
      const inDoomed = await kit.link(w.c, doomed, 'Regional map');
      for (const id of [w.logo, w.report, inDoomed])
        await exec(
          sql`insert into asset_custom_metadata (asset_id, property_id, value) values (${id}, ${property}, ${`[${nordics}]`}::jsonb)`,
        );
      const filter = { field: `custom_metadata.${property}`, operator: 'IS', value: nordics };
      const withIt = async () => sorted(ids(await search(w.c, { filters: [filter] })));
      const setLibraries = async (list: number[]) =>
        expect((await w.c.patch(`/custom-metadata-property/${property}`, { project_ids: list })).status).toBe(200);
      try {
        // The value in a library the property does not name is kept but not found.
        expect(await withIt()).toEqual(sorted([w.logo, w.report]));
        await setLibraries([w.media]);
        expect(await withIt()).toEqual([w.logo]);
        await setLibraries([w.media, doomed]);
        expect(await withIt()).toEqual(sorted([w.logo, inDoomed]));
        await setLibraries([]);
        expect(await withIt()).toEqual(sorted([w.logo, w.report, inDoomed]));
        await setLibraries([w.media, doomed]);
        // Deleting a library the property names (with a valued asset) leaves the others' rows as they were.
        expect((await w.c.delete(`/project/${doomed}`)).status).toBe(200);
        expect(await withIt()).toEqual([w.logo]);
      } finally {
        await exec(sql`delete from custom_metadata_properties where id = ${property}`);
      }
    });

    it('deletes a library whose live assets carry tags (the counts go with it)', async () => {
      const doomed = (await env().factories.project(w.owner.actor, { brandId: w.brandId, name: 'Doomed', type: 'MEDIALIBRARY' })).id;
      const id = await kit.link(w.c, doomed, 'Doomed map');
      expect((await w.c.post('/tags', { type: 'add', tags: ['Doomed tag'], asset_ids: [id] })).status).toBe(200);
      const deleted = await w.c.delete(`/project/${doomed}`);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(await rowsOf(sql`select * from search_tags where project_id = ${doomed}`)).toEqual([]);
      await expectAggregatesInStep();
    });

    it('suggests titles by prefix whatever their accents and letters (folded as the index folds them)', async () => {
      const a = await kit.link(w.c, w.media, 'Straße am Fluss');
      const b = await kit.link(w.c, w.media, 'Дом у моря');
      const titles = async (q: string) =>
        (
          (await w.c.get(`/asset/search/suggestions?brand_id=${w.brandId}&q=${encodeURIComponent(q)}`)).body.data.assets as { id: number }[]
        ).map((x) => x.id);
      expect(await titles('STRASS')).toContain(a);
      expect(await titles('Straße')).toContain(a);
      expect(await titles('Дом')).toContain(b);
      await exec(sql`delete from assets where id in (${a}, ${b})`);
    });

    it('suggests by the start of any word, quotes and backslashes included, and by a misspelt word among others', async () => {
      const a = await kit.link(w.c, w.media, "Harbour o'connell\\quay night");
      const ids = async (q: string) =>
        (
          (await w.c.get(`/asset/search/suggestions?brand_id=${w.brandId}&q=${encodeURIComponent(q)}`)).body.data.assets as { id: number }[]
        ).map((x) => x.id);
      expect(await ids("o'conn")).toContain(a);
      expect(await ids('connell\\qu')).toContain(a);
      expect(await ids('nig harb')).toContain(a);
      expect(await ids('harbor night')).toContain(a);
      expect(await ids('zzqx')).toEqual([]);
      await exec(sql`delete from assets where id = ${a}`);
    });

    it('tags a thousand assets in one statement and indexes them all', async () => {
      const many = await rowsOf<{ id: number }>(sql`insert into assets (account_id, project_id, title, object_type, token)
          select ${w.accountId}, ${w.other}, 'Bulk ' || g, 'URL', 'bulk-' || g || '-' || ${env().backend} from generate_series(1, 1000) g returning id`);
      const list = many.map((r) => r.id);
      expect((await w.c.post('/tags', { type: 'add', tags: ['Thousand'], asset_ids: list })).status).toBe(200);
      const res = await search(w.c, { query: 'thousand', limit: 1 });
      expect(res.body.data.total).toBe(1000);
      await exec(sql`delete from assets where id = any(${`{${list.join(',')}}`}::int[])`);
    });
  });

  describe('document text', () => {
    it('finds a PDF by a word on its pages once processed', async () => {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      doc.addPage([300, 400]).drawText('Cover', { x: 40, y: 300, size: 20, font });
      doc.addPage([300, 400]).drawText('The xylophonist arrives', { x: 20, y: 300, size: 14, font });
      const bytes = Buffer.from(await doc.save());
      const made = await kit.fileAsset(w.c, w.owner, w.media, { name: 'brochure.pdf', bytes, title: 'Brochure' });
      expect(await found({ query: 'xylophonist' })).toEqual([]);
      await env().drainJobs();
      expect(await found({ query: 'xylophonist' })).toEqual([made.id]);
      const [row] = await rowsOf<{
        extracted_text: string;
      }>(sql`select extracted_text from asset_revisions where asset_id = ${made.id}`);
      expect(row?.extracted_text).toContain('Cover');
      expect((await w.c.delete(`/asset/${made.id}`)).status).toBe(200);
    });
  });

  describe('suggestions', () => {
    it('suggests assets, folders and tags as the person types', async () => {
      await kit.folder(w.c, w.media, 'Summer campaign');
      const res = await w.c.get(`/asset/search/suggestions?brand_id=${w.brandId}&q=sum`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.assets.map((a: { id: number }) => a.id)).toContain(w.beach);
      expect(res.body.data.assets[0]).toMatchObject({ project_id: w.media, type: 'Image' });
      expect(res.body.data.folders.map((f: { name: string }) => f.name)).toEqual(['Summer campaign']);
      expect(res.body.data.tags).toEqual([{ value: 'Summer', count: 1 }]);
      const typo = await w.c.get(`/asset/search/suggestions?brand_id=${w.brandId}&q=logp`);
      expect(typo.body.data.assets.map((a: { id: number }) => a.id)).toEqual([w.logo]);
      expect((await w.c.get(`/asset/search/suggestions?brand_id=${w.brandId}&limit=0`)).status).toBe(400);
      expect((await w.c.get('/asset/search/suggestions?brand_id=999999&q=a')).status).toBe(404);
    });
  });

  describe('GraphQL', () => {
    // Runs after the document test drained the jobs: the images now have their real size (64×48).
    it('workspaceAssetSearch answers what the REST search answers', async () => {
      const brandId = encodeBase64Id('Brand', w.brandId);
      const res = await w.c.graphql(
        `query($b: ID!) { workspaceAssetSearch(brandId: $b, query: "logo", filters: [{field: "width", operator: IS_AFTER, value: "10"}], facets: ["type"]) {
          total items { title type } facets { field values { value count } } } }`,
        { b: brandId },
      );
      expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
      const rest = await search(w.c, { query: 'logo', filters: [{ field: 'width', operator: 'IS_AFTER', value: 10 }] });
      expect(ids(rest)).toEqual([w.logo]);
      expect(res.body.data.workspaceAssetSearch).toEqual({
        total: 1,
        items: [{ title: 'Company Logo', type: 'Image' }],
        facets: [{ field: 'type', values: [{ value: 'Image', count: 1 }] }],
      });
      // Custom metadata values arrive as text and are read by their property's type: a number, option ids, a text.
      const byMetadata = await w.c.graphql(
        `query($b: ID!, $f: [AssetSearchFilterInput!]) { workspaceAssetSearch(brandId: $b, filters: $f) { total items { title } } }`,
        {
          b: brandId,
          f: [
            { field: `custom_metadata.${w.number}`, operator: 'IS_AFTER', value: '1000' },
            { field: `custom_metadata.${w.select}`, operator: 'IS_ONE_OF', values: [String(w.red), String(w.blue)] },
            { field: `custom_metadata.${w.text}`, operator: 'CONTAINS', value: 'relaunch' },
          ],
        },
      );
      expect(byMetadata.body.errors, JSON.stringify(byMetadata.body)).toBeUndefined();
      expect(byMetadata.body.data.workspaceAssetSearch).toEqual({ total: 1, items: [{ title: 'Company Logo' }] });
    });
  });
});

function res2titles(res: Json): string[] {
  return res.body.data.items.map((a: { title: string }) => a.title);
}
