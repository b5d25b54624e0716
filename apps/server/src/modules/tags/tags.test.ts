import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assets, assetTags, events } from '../../db/schema.js';
import { forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit } from '../assets/assets-test-kit.js';
import { replaceAutoTags } from './public.js';

type Suggestion = { tag: string; apply: string; source: string; engine: string | null; count: number };
const tagsOfAsset = async (c: { get(p: string): Promise<Json> }, id: number) =>
  (await c.get(`/asset/${id}`)).body.data.tags as { value: string; source: string }[];
const names = (list: Suggestion[]) => list.map((s) => [s.tag, s.apply]);

forEachBackend('tags', (env) => {
  const kit = assetsKit(env);

  /** A library with a folder tree (top > inner) and assets in each level, plus a second library of the brand. */
  async function world() {
    const { owner, accountId, project, c } = await kit.setup();
    const top = await kit.folder(c, project.id, 'Top');
    const inner = await kit.folder(c, project.id, 'Inner', top);
    const [loose] = await kit.links(c, project.id, ['Loose']);
    const [inTop] = await kit.links(c, project.id, ['In top'], top);
    const [inInner1, inInner2] = await kit.links(c, project.id, ['Inner one', 'Inner two'], inner);
    const logos = await env().factories.project(owner.actor, { brandId: project.brandId, name: 'Logos', type: 'LOGOLIBRARY' });
    const [logo] = await kit.links(c, logos.id, ['Logo']);
    return {
      owner,
      accountId,
      c,
      project,
      logos,
      top,
      inner,
      loose: loose!,
      inTop: inTop!,
      inInner1: inInner1!,
      inInner2: inInner2!,
      logo: logo!,
    };
  }

  /** The tag rows of a world's assets. */
  const tagRows = (w: Awaited<ReturnType<typeof world>>) =>
    kit
      .db()
      .select()
      .from(assetTags)
      .where(inArray(assetTags.assetId, [w.loose, w.inTop, w.inInner1, w.inInner2, w.logo]));

  it('adds tags to assets and folders, shows them on the asset, and removes them', async () => {
    const w = await world();
    const added = await w.c.post('/tags', { tags: ['  Summer ', 'beach', 'SUMMER'], type: 'add', source: 'MANUAL', asset_ids: [w.loose] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toEqual({ success: true, asset_count: 1, changed: 2 });
    expect(await tagsOfAsset(w.c, w.loose)).toEqual([
      { value: 'beach', source: 'MANUAL' },
      { value: 'Summer', source: 'MANUAL' },
    ]);
    // Adding again changes nothing; another spelling is the same tag.
    expect((await w.c.post('/tags', { tags: ['summer'], type: 'add', asset_ids: [w.loose] })).body.data.changed).toBe(0);

    // A folder counts with its whole subtree; an asset named twice counts once.
    const bulk = await w.c.post('/tags', { tags: ['Campaign'], type: 'add', set_ids: [w.top], asset_ids: [w.inInner1, w.loose] });
    expect(bulk.body.data).toEqual({ success: true, asset_count: 4, changed: 4 });
    for (const id of [w.inTop, w.inInner1, w.inInner2, w.loose])
      expect((await tagsOfAsset(w.c, id)).map((t) => t.value)).toContain('Campaign');

    const removed = await w.c.post('/tags', { tags: ['campaign', 'nothing'], type: 'remove', set_ids: [w.inner] });
    expect(removed.body.data).toEqual({ success: true, asset_count: 2, changed: 2 });
    expect(await tagsOfAsset(w.c, w.inInner1)).toEqual([]);
    expect((await tagsOfAsset(w.c, w.inTop)).map((t) => t.value)).toEqual(['Campaign']);

    const recorded = await kit
      .db()
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.type, 'tags:change'), eq(events.accountId, w.accountId)));
    expect(recorded.map((e) => (e.data as { type: string }).type)).toEqual(['add', 'add', 'add', 'remove']);
  });

  it("shows an asset's tags in GraphQL", async () => {
    const w = await world();
    await w.c.post('/tags', { tags: ['Summer'], type: 'add', asset_ids: [w.loose] });
    await replaceAutoTags(kit.db(), w.loose, ['orientation'], [{ value: 'Landscape', engine: 'orientation' }]);
    const { encodeBase64Id } = await import('@emblem/core');
    const res = await w.c.graphql('query($id: ID!) { asset(id: $id) { tags { value source } } }', { id: encodeBase64Id('Asset', w.loose) });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.asset.tags).toEqual([
      { value: 'Summer', source: 'MANUAL' },
      { value: 'Landscape', source: 'AUTO' },
    ]);
  });

  it('tells how each tag lies on a selection, suggests a library’s tags while typing, and keeps AUTO tags apart', async () => {
    const w = await world();
    await w.c.post('/tags', { tags: ['Summer'], type: 'add', asset_ids: [w.loose, w.inTop] });
    await w.c.post('/tags', { tags: ['Sunset'], type: 'add', asset_ids: [w.loose] });
    await w.c.post('/tags', { tags: ['Autumn'], type: 'add', asset_ids: [w.inInner1] });
    await w.c.post('/tags', { tags: ['Sunrise'], type: 'add', asset_ids: [w.logo] });
    await replaceAutoTags(kit.db(), w.loose, ['orientation'], [{ value: 'Landscape', engine: 'orientation' }]);
    await replaceAutoTags(kit.db(), w.inInner2, ['orientation'], [{ value: 'Landscape', engine: 'orientation' }]);
    await replaceAutoTags(kit.db(), w.inInner2, ['colour'], [{ value: 'Summer', engine: 'colour' }]);

    const sel = await w.c.post('/tag/search', { search_term: 's', asset_ids: [w.loose, w.inTop] });
    expect(sel.status, JSON.stringify(sel.body)).toBe(200);
    // Only this library's tags (not the logo library's "Sunrise"); most used first.
    expect(names(sel.body.data.tags)).toEqual([
      ['Summer', 'ALL'],
      ['Sunset', 'PARTIAL'],
    ]);
    expect(sel.body.data.tags[0]).toMatchObject({ source: 'MANUAL', engine: null, count: 3 });
    expect(sel.body.data).toMatchObject({ autoTags: [], hasMoreResults: false });

    const withAuto = await w.c.post('/tag/search', { asset_ids: [w.loose], set_ids: [w.inner], include_applied_auto_tags: true });
    // Landscape is on two of the three assets chosen (the loose one and the folder's two).
    expect(names(withAuto.body.data.autoTags)).toEqual([['Landscape', 'PARTIAL']]);
    expect(withAuto.body.data.autoTags[0]).toMatchObject({ source: 'AUTO', engine: 'orientation', count: 2 });
    expect(names(withAuto.body.data.tags)).toEqual([
      ['Summer', 'PARTIAL'],
      ['Autumn', 'PARTIAL'],
      ['Sunset', 'PARTIAL'],
    ]);

    const typing = await w.c.get(`/tag/search?search_term=SU&project_id=${w.project.id}`);
    expect(names(typing.body.data.tags)).toEqual([
      ['Summer', 'NONE'],
      ['Sunset', 'NONE'],
    ]);
    // A term inside a tag matches after those starting with it.
    expect(names((await w.c.get(`/tag/search?search_term=u&project_id=${w.project.id}`)).body.data.tags)).toEqual([
      ['Summer', 'NONE'],
      ['Autumn', 'NONE'],
      ['Sunset', 'NONE'],
    ]);
    const all = await w.c.get(`/tag?project_id=${w.project.id}&include_auto_tags=true`);
    expect(names(all.body.data.autoTags)).toEqual([['Landscape', 'NONE']]);
    // LIKE wildcards in the term are plain characters.
    expect((await w.c.get(`/tag/search?search_term=%25&project_id=${w.project.id}`)).body.data.tags).toEqual([]);

    // Trashed assets' tags are not offered.
    await kit.db().update(assets).set({ deletedAt: new Date() }).where(eq(assets.id, w.inInner1));
    expect(names((await w.c.get(`/tag?project_id=${w.project.id}`)).body.data.tags).map(([t]) => t)).not.toContain('Autumn');
  });

  it('a person choosing a tag Emblem found makes it MANUAL; AUTO tags are replaced per engine', async () => {
    const w = await world();
    await replaceAutoTags(
      kit.db(),
      w.loose,
      ['orientation', 'type'],
      [
        { value: 'Portrait', engine: 'orientation' },
        { value: 'Image', engine: 'type' },
      ],
    );
    expect(await tagsOfAsset(w.c, w.loose)).toEqual([
      { value: 'Image', source: 'AUTO' },
      { value: 'Portrait', source: 'AUTO' },
    ]);
    expect((await w.c.post('/tags', { tags: ['portrait'], type: 'add', asset_ids: [w.loose] })).body.data.changed).toBe(1);
    // Reprocessing replaces only AUTO tags of that engine: the chosen one stays, with the person's source.
    await replaceAutoTags(kit.db(), w.loose, ['orientation'], [{ value: 'Landscape', engine: 'orientation' }]);
    const tags = await tagsOfAsset(w.c, w.loose);
    expect(tags).toContainEqual({ value: 'Portrait', source: 'MANUAL' });
    expect(tags).toContainEqual({ value: 'Landscape', source: 'AUTO' });
    expect(tags).toContainEqual({ value: 'Image', source: 'AUTO' });
    expect(tags).toHaveLength(3);
  });

  it('renames a tag across a library, merging where the new name is there, and deletes one everywhere', async () => {
    const w = await world();
    await w.c.post('/tags', { tags: ['Summr'], type: 'add', asset_ids: [w.loose, w.inTop, w.logo] });
    await w.c.post('/tags', { tags: ['Summer'], type: 'add', asset_ids: [w.inTop] });
    const renamed = await w.c.post(`/project/${w.project.id}/tag/rename`, { from: 'summr', to: 'Summer' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toEqual({ success: true, asset_count: 2 });
    expect((await tagsOfAsset(w.c, w.loose)).map((t) => t.value)).toEqual(['Summer']);
    expect((await tagsOfAsset(w.c, w.inTop)).map((t) => t.value)).toEqual(['Summer']);
    // Other libraries keep theirs.
    expect((await tagsOfAsset(w.c, w.logo)).map((t) => t.value)).toEqual(['Summr']);
    // Respelling the case of a tag is a rename too.
    expect((await w.c.post(`/project/${w.project.id}/tag/rename`, { from: 'summer', to: 'SUMMER' })).status).toBe(200);
    expect((await tagsOfAsset(w.c, w.loose)).map((t) => t.value)).toEqual(['SUMMER']);

    const deleted = await w.c.post(`/project/${w.project.id}/tag/delete`, { tag: 'summer' });
    expect(deleted.body.data).toEqual({ success: true, asset_count: 2 });
    expect(await tagsOfAsset(w.c, w.inTop)).toEqual([]);
    expectRefused(await w.c.post(`/project/${w.project.id}/tag/delete`, { tag: 'summer' }), 404);
    expectRefused(await w.c.post(`/project/${w.project.id}/tag/rename`, { from: 'none here', to: 'x' }), 404);
    const types = (await kit.db().select({ type: events.type }).from(events).where(eq(events.accountId, w.accountId)))
      .map((e) => e.type)
      .filter((t) => t.startsWith('tags:'));
    expect(types).toEqual(['tags:change', 'tags:change', 'tags:change', 'tags:rename', 'tags:rename', 'tags:delete']);
  });

  it('checks every asset and folder named, and writes nothing when one is refused', async () => {
    const w = await world();
    const viewer = await kit.collaborator(w.c, w.accountId, w.project.id, 'VIEW');
    const editor = await kit.collaborator(w.c, w.accountId, w.project.id, 'EDIT');
    // Viewers read tags and suggestions but change nothing.
    expect((await viewer.get(`/tag?project_id=${w.project.id}`)).status).toBe(200);
    expect((await viewer.post('/tag/search', { asset_ids: [w.loose] })).status).toBe(200);
    expectRefused(await viewer.post('/tags', { tags: ['x'], type: 'add', asset_ids: [w.loose] }), 403);
    expectRefused(await viewer.post('/tags', { tags: ['x'], type: 'add', set_ids: [w.top] }), 403);
    expectRefused(await viewer.post(`/project/${w.project.id}/tag/rename`, { from: 'a', to: 'b' }), 403);
    expectRefused(await viewer.post(`/project/${w.project.id}/tag/delete`, { tag: 'a' }), 403);
    // An editor of the media library cannot reach the logo library: naming its asset refuses the whole request.
    expectRefused(await editor.post('/tags', { tags: ['x'], type: 'add', asset_ids: [w.loose, w.logo] }), 404);
    expectRefused(await editor.post('/tag/search', { asset_ids: [w.logo] }), 404);
    expectRefused(await editor.get(`/tag?project_id=${w.logos.id}`), 404);
    // Another account sees none of it.
    const { owner } = await env().factories.account();
    const outsider = await env().signIn(owner);
    expectRefused(await outsider.post('/tags', { tags: ['x'], type: 'add', asset_ids: [w.loose] }), 404);
    expectRefused(await outsider.post('/tags', { tags: ['x'], type: 'remove', set_ids: [w.top] }), 404);
    expectRefused(await outsider.get(`/tag/search?project_id=${w.project.id}`), 404);
    expectRefused(await outsider.post(`/project/${w.project.id}/tag/rename`, { from: 'a', to: 'b' }), 404);
    // A trashed asset is not there to tag.
    await kit.db().update(assets).set({ deletedAt: new Date() }).where(eq(assets.id, w.inInner2));
    expectRefused(await w.c.post('/tags', { tags: ['x'], type: 'add', asset_ids: [w.inInner2] }), 404);
    expect(await tagRows(w)).toEqual([]);
    expectRefused(
      await env()
        .anon()
        .post('/tags', { tags: ['x'], type: 'add', asset_ids: [w.loose] }),
      401,
    );
  });

  it('refuses bad input with the field named', async () => {
    const w = await world();
    const bad = async (res: Promise<Json>, field: string, message?: string) => {
      const r = await res;
      expectRefused(r, 400);
      expect(Object.keys(r.body.errors), JSON.stringify(r.body)).toContain(field);
      if (message) expect(r.body.errors[field].join(' ')).toContain(message);
    };
    await bad(w.c.post('/tags', { tags: [], type: 'add', asset_ids: [w.loose] }), 'tags', 'No tag provided');
    await bad(w.c.post('/tags', { tags: ['   '], type: 'add', asset_ids: [w.loose] }), 'tags.0', 'No tag provided');
    await bad(w.c.post('/tags', { tags: ['x'.repeat(101)], type: 'add', asset_ids: [w.loose] }), 'tags.0');
    await bad(w.c.post('/tags', { tags: ['a\u0007b'], type: 'add', asset_ids: [w.loose] }), 'tags.0');
    await bad(w.c.post('/tags', { tags: Array.from({ length: 51 }, (_, i) => `t${i}`), type: 'add', asset_ids: [w.loose] }), 'tags');
    await bad(w.c.post('/tags', { tags: ['x'], type: 'toggle', asset_ids: [w.loose] }), 'type');
    await bad(w.c.post('/tags', { tags: ['x'], type: 'add' }), 'asset_ids');
    await bad(w.c.post('/tags', { tags: ['x'], type: 'add', source: 'AUTO', asset_ids: [w.loose] }), 'source');
    await bad(w.c.post('/tags', { tags: ['x'], type: 'add', engine: 'exif', asset_ids: [w.loose] }), 'engine');
    await bad(w.c.post('/tags', { tags: ['x'], type: 'add', asset_ids: ['one'] }), 'asset_ids.0');
    await bad(w.c.post('/tags', { tags: ['x'], type: 'add', asset_ids: [w.loose], extra: true }), '_');
    await bad(w.c.post('/tag/search', { search_term: 'a' }), 'asset_ids');
    await bad(w.c.post('/tag/search', { asset_ids: [w.loose], include_applied_auto_tags: 'yes' }), 'include_applied_auto_tags');
    await bad(w.c.get('/tag/search?search_term=a'), 'project_id');
    await bad(w.c.get(`/tag?project_id=${w.project.id}&include_auto_tags=maybe`), 'include_auto_tags');
    await bad(w.c.post(`/project/${w.project.id}/tag/rename`, { from: 'a', to: '' }), 'to');
    await bad(w.c.post(`/project/${w.project.id}/tag/rename`, { from: 'Same', to: 'Same' }), 'to');
    await bad(w.c.post(`/project/${w.project.id}/tag/delete`, {}), 'tag');
    expect(await tagRows(w)).toEqual([]);
  });
});
