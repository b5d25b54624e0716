import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assets, events } from '../../db/schema.js';
import { forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit } from '../assets/assets-test-kit.js';

const ids = (res: Json): number[] => res.body.data.items.map((a: { id: number }) => a.id);

forEachBackend('collections', (env) => {
  const kit = assetsKit(env);

  /** An account with a brand holding two libraries (A and B) with three and two link assets, and another brand. */
  async function world() {
    const { owner, accountId, project: a, c } = await kit.setup();
    const b = await env().factories.project(owner.actor, { brandId: a.brandId, name: 'Logos', type: 'LOGOLIBRARY' });
    const other = await env().factories.project(owner.actor, { name: 'Elsewhere' });
    const [a1, a2, a3] = await kit.links(c, a.id, ['Beach', 'Forest', 'City']);
    const [b1, b2] = await kit.links(c, b.id, ['Logo', 'Wordmark']);
    const [x1] = await kit.links(c, other.id, ['Foreign']);
    return { owner, accountId, c, a, b, other, a1: a1!, a2: a2!, a3: a3!, b1: b1!, b2: b2!, x1: x1! };
  }

  it('creates, lists, fills, orders, renames, empties and deletes a collection', async () => {
    const w = await world();
    const created = await w.c.post(`/project/${w.a.id}/collections`, { name: '  Summer campaign ', description: 'Hero shots' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const col = created.body.data;
    expect(col).toMatchObject({
      project_id: w.a.id,
      brand_id: w.a.brandId,
      name: 'Summer campaign',
      description: 'Hero shots',
      asset_count: 0,
      covers: [],
      permissions: { canEdit: true },
    });

    // Assets of two libraries of the brand, in the order given, then one more at the front.
    const add = await w.c.post(`/collection/${col.id}/assets`, { asset_ids: [w.a2, w.b1, w.a1] });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data).toMatchObject({ changed: 3, collection: { asset_count: 3 } });
    expect(add.body.data.collection.covers.map((c: { id: number }) => c.id)).toEqual([w.a2, w.b1, w.a1]);
    expect((await w.c.post(`/collection/${col.id}/assets`, { asset_ids: [w.b2], position: 0 })).status).toBe(200);
    expect(ids(await w.c.get(`/collection/${col.id}/assets`))).toEqual([w.b2, w.a2, w.b1, w.a1]);
    // Naming assets already in it moves them: the call also reorders.
    expect((await w.c.post(`/collection/${col.id}/assets`, { asset_ids: [w.a1], position: 1 })).status).toBe(200);
    expect(ids(await w.c.get(`/collection/${col.id}/assets`))).toEqual([w.b2, w.a1, w.a2, w.b1]);

    // Pages follow the order with a cursor.
    const first = await w.c.get(`/collection/${col.id}/assets?limit=3`);
    expect(ids(first)).toEqual([w.b2, w.a1, w.a2]);
    expect(first.body.data.total).toBe(4);
    const second = await w.c.get(`/collection/${col.id}/assets?limit=3&cursor=${first.body.data.next_cursor}`);
    expect(ids(second)).toEqual([w.b1]);
    expect(second.body.data.next_cursor).toBeNull();

    // An asset may be in many collections; the library and the brand list them.
    const second2 = (await w.c.post(`/project/${w.b.id}/collections`, { name: 'Logos for partners' })).body.data;
    expect((await w.c.post(`/collection/${second2.id}/assets`, { asset_ids: [w.b1] })).status).toBe(200);
    expect((await w.c.get(`/project/${w.a.id}/collections`)).body.data.map((x: { id: number }) => x.id)).toEqual([col.id]);
    const brand = await w.c.get(`/brand/${w.a.brandId}/collections`);
    expect(brand.body.data.map((x: { name: string; asset_count: number }) => [x.name, x.asset_count])).toEqual([
      ['Logos for partners', 1],
      ['Summer campaign', 4],
    ]);

    // Rename, describe, move among the library's collections.
    const third = (await w.c.post(`/project/${w.a.id}/collections`, { name: 'Autumn' })).body.data;
    expect((await w.c.get(`/project/${w.a.id}/collections`)).body.data.map((x: { id: number }) => x.id)).toEqual([col.id, third.id]);
    const patched = await w.c.patch(`/collection/${third.id}`, { name: 'Autumn 2027', description: '', position: 0 });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Autumn 2027', description: '' });
    expect((await w.c.get(`/project/${w.a.id}/collections`)).body.data.map((x: { id: number }) => x.id)).toEqual([third.id, col.id]);

    // Removing takes assets out of the collection only.
    const removed = await w.c.post(`/collection/${col.id}/assets/remove`, { asset_ids: [w.b2, w.a2, w.a3] });
    expect(removed.body.data).toMatchObject({ changed: 2, collection: { asset_count: 2 } });
    expect(ids(await w.c.get(`/collection/${col.id}/assets`))).toEqual([w.a1, w.b1]);
    expect((await w.c.get(`/asset/${w.a2}`)).status).toBe(200);

    expect((await w.c.delete(`/collection/${col.id}`)).body.data).toEqual({ id: col.id });
    expectRefused(await w.c.get(`/collection/${col.id}`), 404);
    expect((await w.c.get(`/asset/${w.a1}`)).status).toBe(200);
    const types = await kit.db().select({ type: events.type }).from(events).where(eq(events.subjectType, 'collection'));
    expect(new Set(types.map((t) => t.type))).toEqual(
      new Set(['collection:create', 'collection:assets', 'collection:update', 'collection:delete']),
    );
  });

  it('shows each person only the assets they may see, and lets only editors of the library change it', async () => {
    const w = await world();
    const col = (await w.c.post(`/project/${w.a.id}/collections`, { name: 'Mixed' })).body.data;
    await w.c.post(`/collection/${col.id}/assets`, { asset_ids: [w.a1, w.b1, w.a2] });

    // A viewer of A (not of B) sees the collection with A's assets only.
    const viewer = await kit.collaborator(w.c, w.accountId, w.a.id, 'VIEW');
    const seen = await viewer.get(`/collection/${col.id}`);
    expect(seen.body.data).toMatchObject({ asset_count: 2, permissions: { canEdit: false } });
    expect(seen.body.data.covers.map((c: { id: number }) => c.id)).toEqual([w.a1, w.a2]);
    expect(ids(await viewer.get(`/collection/${col.id}/assets`))).toEqual([w.a1, w.a2]);
    expect((await viewer.get(`/brand/${w.a.brandId}/collections`)).body.data.map((x: { id: number }) => x.id)).toEqual([col.id]);
    expectRefused(await viewer.patch(`/collection/${col.id}`, { name: 'Mine' }), 403);
    expectRefused(await viewer.post(`/collection/${col.id}/assets`, { asset_ids: [w.a3] }), 403);
    expectRefused(await viewer.post(`/collection/${col.id}/assets/remove`, { asset_ids: [w.a1] }), 403);
    expectRefused(await viewer.delete(`/collection/${col.id}`), 403);
    expectRefused(await viewer.post(`/project/${w.a.id}/collections`, { name: 'X' }), 403);

    // An editor of A may not add assets of B, which they cannot see (each id is a claim).
    const editor = await kit.collaborator(w.c, w.accountId, w.a.id, 'EDIT');
    expectRefused(await editor.post(`/collection/${col.id}/assets`, { asset_ids: [w.a3, w.b2] }), 404);
    expect(ids(await w.c.get(`/collection/${col.id}/assets`))).toEqual([w.a1, w.b1, w.a2]);
    expect((await editor.post(`/collection/${col.id}/assets`, { asset_ids: [w.a3] })).status).toBe(200);

    // Someone with no level on A does not see the collection at all.
    const stranger = await kit.collaborator(w.c, w.accountId, w.b.id, 'ADMIN');
    expectRefused(await stranger.get(`/collection/${col.id}`), 404);
    expectRefused(await stranger.get(`/collection/${col.id}/assets`), 404);
    expectRefused(await stranger.get(`/project/${w.a.id}/collections`), 404);
    expect((await stranger.get(`/brand/${w.a.brandId}/collections`)).body.data).toEqual([]);

    // Another account: 404 everywhere.
    const { owner } = await env().factories.account();
    const outsider = await env().signIn(owner);
    expectRefused(await outsider.get(`/collection/${col.id}`), 404);
    expectRefused(await outsider.get(`/brand/${w.a.brandId}/collections`), 404);
    expectRefused(await outsider.post(`/collection/${col.id}/assets`, { asset_ids: [w.a1] }), 404);
  });

  it('refuses bad input and leaves the collection as it was', async () => {
    const w = await world();
    const col = (await w.c.post(`/project/${w.a.id}/collections`, { name: 'Kept' })).body.data;
    await w.c.post(`/collection/${col.id}/assets`, { asset_ids: [w.a1] });

    const bad = async (res: Promise<Json>, field: string) => {
      const r = await res;
      expectRefused(r, 400);
      expect(Object.keys(r.body.errors)).toContain(field);
    };
    await bad(w.c.post(`/project/${w.a.id}/collections`, { name: '   ' }), 'name');
    await bad(w.c.post(`/project/${w.a.id}/collections`, { name: 'x'.repeat(121) }), 'name');
    await bad(w.c.post(`/project/${w.a.id}/collections`, { name: 'A', extra: 1 }), '_');
    await bad(w.c.patch(`/collection/${col.id}`, { position: -1 }), 'position');
    await bad(w.c.post(`/collection/${col.id}/assets`, { asset_ids: [] }), 'asset_ids');
    await bad(w.c.post(`/collection/${col.id}/assets`, { asset_ids: ['one'] }), 'asset_ids.0');
    await bad(w.c.post(`/collection/${col.id}/assets`, { asset_ids: [w.a2], position: 1.5 }), 'position');
    await bad(w.c.get(`/collection/${col.id}/assets?limit=0`), 'limit');
    await bad(w.c.get(`/collection/${col.id}/assets?cursor=nonsense`), 'cursor');
    expectRefused(await w.c.patch(`/collection/${col.id}`, {}), 400);
    // An asset of another brand, or one in the trash, is not for this collection.
    await bad(w.c.post(`/collection/${col.id}/assets`, { asset_ids: [w.a2, w.x1] }), 'asset_ids');
    await kit.db().update(assets).set({ deletedAt: new Date() }).where(eq(assets.id, w.a3));
    const trashed = await w.c.post(`/collection/${col.id}/assets`, { asset_ids: [w.a3] });
    expect([400, 404]).toContain(trashed.status);
    // Guideline documents hold no collections.
    const guide = await env().factories.project(w.owner.actor, { brandId: w.a.brandId, type: 'STYLEGUIDE' });
    await bad(w.c.post(`/project/${guide.id}/collections`, { name: 'No' }), 'project_id');
    expectRefused(await w.c.get('/collection/999999'), 404);
    expectRefused(await w.c.get('/collection/abc'), 400);

    expect(ids(await w.c.get(`/collection/${col.id}/assets`))).toEqual([w.a1]);
    expect((await w.c.get(`/collection/${col.id}`)).body.data).toMatchObject({ name: 'Kept', asset_count: 1 });
    // An asset that goes to the trash leaves the collection's view (and comes back with a restore).
    await kit.db().update(assets).set({ deletedAt: new Date() }).where(eq(assets.id, w.a1));
    expect((await w.c.get(`/collection/${col.id}`)).body.data.asset_count).toBe(0);
  });

  it('offers the same operations in GraphQL', async () => {
    const w = await world();
    const { encodeBase64Id } = await import('@emblem/core');
    const project = encodeBase64Id('Project', w.a.id);
    const created = await w.c.graphql(
      'mutation($p: ID!) { createCollection(projectId: $p, name: "Press kit") { id name assetCount canEdit } }',
      { p: project },
    );
    expect(created.body.errors).toBeUndefined();
    const id = created.body.data.createCollection.id;
    expect(created.body.data.createCollection).toMatchObject({ name: 'Press kit', assetCount: 0, canEdit: true });
    const added = await w.c.graphql(
      'mutation($c: ID!, $a: [ID!]!) { addCollectionAssets(collectionId: $c, assetIds: $a) { assetCount covers { id title } } }',
      { c: id, a: [encodeBase64Id('Asset', w.a1), encodeBase64Id('Asset', w.b1)] },
    );
    expect(added.body.data.addCollectionAssets).toMatchObject({ assetCount: 2, covers: [{ title: 'Beach' }, { title: 'Logo' }] });
    const removed = await w.c.graphql(
      'mutation($c: ID!, $a: [ID!]!) { removeCollectionAssets(collectionId: $c, assetIds: $a) { assetCount } }',
      { c: id, a: [encodeBase64Id('Asset', w.a1)] },
    );
    expect(removed.body.data.removeCollectionAssets.assetCount).toBe(1);
    const listed = await w.c.graphql('query($p: ID!) { libraryPageCollections(projectId: $p) { name assetCount } }', { p: project });
    expect(listed.body.data.libraryPageCollections).toEqual([{ name: 'Press kit', assetCount: 1 }]);
    const refused = await w.c.graphql('mutation($p: ID!) { createCollection(projectId: $p, name: "") { id } }', { p: project });
    expect(refused.body.errors?.[0]?.message).toBeTruthy();
    const deleted = await w.c.graphql('mutation($c: ID!) { deleteCollection(id: $c) }', { c: id });
    expect(deleted.body.data.deleteCollection).toBe(true);
  });
});
