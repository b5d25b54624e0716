import { createHash } from 'node:crypto';
import { hammingDistance, phashOf } from '@emblem/core';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import {
  assetCustomMetadata,
  assetRevisions,
  assets,
  assetTags,
  collectionAssets,
  customMetadataProperties,
  events,
} from '../../db/schema.js';
import { type Client, forEachBackend } from '../../test/harness.js';
import { uploadAsset } from '../../test/media.js';
import { assetsKit } from '../assets/assets-test-kit.js';

/** A picture with structure (flat images all hash alike): bars and a disc on a light ground. */
function scene(mirror = false) {
  const shapes = mirror
    ? '<rect x="20" y="150" width="280" height="60" fill="#111"/><circle cx="240" cy="70" r="50" fill="#d22"/><rect x="20" y="20" width="60" height="100" fill="#2a4"/>'
    : '<rect x="20" y="20" width="120" height="200" fill="#111"/><circle cx="230" cy="120" r="70" fill="#d22"/><rect x="170" y="10" width="130" height="30" fill="#2a4"/>';
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#eee"/>${shapes}</svg>`,
    ),
  );
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

forEachBackend('duplicates', (env) => {
  const kit = assetsKit(env);

  /** A library with: two uploads of one picture, a brighter copy, a smaller copy, an unrelated picture. */
  async function library() {
    const { owner, accountId, project, c } = await kit.setup();
    const original = await scene().png().toBuffer();
    const brighter = await scene().modulate({ brightness: 1.08 }).jpeg({ quality: 90 }).toBuffer();
    const smaller = await scene().resize(160, 120).png().toBuffer();
    const other = await scene(true).png().toBuffer();
    const a = (await uploadAsset(env(), c, project.id, 'original.png', original, 'Original')).id as number;
    const copy = (await uploadAsset(env(), c, project.id, 'copy.png', original, 'Copy')).id as number;
    const bright = (await uploadAsset(env(), c, project.id, 'bright.jpg', brighter, 'Brighter')).id as number;
    const small = (await uploadAsset(env(), c, project.id, 'small.png', smaller, 'Smaller')).id as number;
    const unrelated = (await uploadAsset(env(), c, project.id, 'other.png', other, 'Other')).id as number;
    return { owner, accountId, project, c, a, copy, bright, small, unrelated, originalSha: sha(original) };
  }

  const groupIds = (groups: { id: string; kind: string; assets: { id: number }[] }[]) =>
    groups.map((g) => [g.id, g.kind, g.assets.map((x) => x.id)]);

  it('finds exact copies by content and similar images by perceptual hash, and leaves different ones out', async () => {
    const w = await library();
    // The hashes processing stored are what the grouping relies on.
    const rows = await kit
      .db()
      .select({ id: assets.id, phash: assetRevisions.perceptualHash })
      .from(assets)
      .innerJoin(assetRevisions, eq(assetRevisions.id, assets.currentRevisionId))
      .where(eq(assets.projectId, w.project.id));
    const hash = new Map(rows.map((r) => [r.id, phashOf(r.phash) as bigint]));
    for (const id of [w.a, w.copy, w.bright, w.small, w.unrelated]) expect(hash.get(id)).toBeTypeOf('bigint');
    const d = (x: number, y: number) => hammingDistance(hash.get(x) as bigint, hash.get(y) as bigint);
    expect(d(w.a, w.copy)).toBe(0);
    expect(d(w.a, w.bright)).toBeLessThanOrEqual(6);
    expect(d(w.a, w.small)).toBeLessThanOrEqual(6);
    expect(d(w.a, w.unrelated)).toBeGreaterThan(6);

    const res = await w.c.get(`/project/${w.project.id}/duplicates`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(groupIds(res.body.data.groups)).toEqual([
      [`e-${w.originalSha}`, 'EXACT', [w.a, w.copy]],
      [`s-${w.a}`, 'SIMILAR', [w.a, w.copy, w.bright, w.small]],
    ]);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.next_cursor).toBeNull();
    // Items are asset list items, with previews.
    const first = res.body.data.groups[0].assets[0];
    expect(first).toMatchObject({ id: w.a, title: 'Original', filename: 'original.png', width: 320, height: 240 });
    expect(first.thumbnail_url ?? first.preview_url).toBeTruthy();

    const one = await w.c.get(`/project/${w.project.id}/duplicates/s-${w.a}`);
    expect(one.status).toBe(200);
    expect(one.body.data.assets.map((x: { id: number }) => x.id)).toEqual([w.a, w.copy, w.bright, w.small]);

    // The upload warning: the other live asset with the same file.
    const same = await w.c.get(`/asset/${w.copy}/duplicates`);
    expect(same.status).toBe(200);
    expect(same.body.data.assets.map((x: { id: number }) => x.id)).toEqual([w.a]);
    expect((await w.c.get(`/asset/${w.unrelated}/duplicates`)).body.data.assets).toEqual([]);

    // A trashed asset is never part of a group: the exact group is gone, and a similar group remains.
    expect((await w.c.delete(`/asset/${w.copy}`)).status).toBe(200);
    const after = await w.c.get(`/project/${w.project.id}/duplicates`);
    expect(groupIds(after.body.data.groups)).toEqual([[`s-${w.a}`, 'SIMILAR', [w.a, w.bright, w.small]]]);
    expect((await w.c.get(`/project/${w.project.id}/duplicates/e-${w.originalSha}`)).status).toBe(404);
    expect((await w.c.get(`/asset/${w.a}/duplicates`)).body.data.assets).toEqual([]);
  });

  it('pages groups with a cursor, exact groups first', async () => {
    const { owner, project, c } = await kit.setup();
    const made: number[][] = [];
    for (let i = 0; i < 3; i++) {
      const bytes = Buffer.from(`%PDF-1.4\n% file ${i}\n%%EOF\n`);
      const x = await kit.fileAsset(c, owner, project.id, { name: `doc${i}.pdf`, bytes });
      const y = await kit.fileAsset(c, owner, project.id, { name: `again${i}.pdf`, bytes });
      made.push([x.id, y.id]);
    }
    const seen: number[][] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: { data: { groups: { assets: { id: number }[] }[]; next_cursor: string | null; total: number } } } =
        await c.get(`/project/${project.id}/duplicates?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(3);
      seen.push(...res.body.data.groups.map((g) => g.assets.map((a) => a.id)));
      cursor = res.body.data.next_cursor;
      pages++;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toEqual(made);
  });

  it('refuses bad input with the field named', async () => {
    const w = await library();
    const base = `/project/${w.project.id}/duplicates`;
    const field = async (res: Promise<{ status: number; body: { error?: { fields?: Record<string, unknown> } } }>, name: string) => {
      const r = await res;
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(name);
    };
    await field(w.c.get(`${base}/x-12`), 'groupId');
    await field(w.c.get(`${base}/e-abc`), 'groupId');
    await field(w.c.get(`${base}?limit=0`), 'limit');
    await field(w.c.get(`${base}?limit=51`), 'limit');
    await field(w.c.get(`${base}?cursor=zzz`), 'cursor');
    await field(w.c.get(`${base}?sort=title`), 'sort');
    await field(w.c.post(`${base}/s-${w.a}/resolve`, { keep_asset_id: w.unrelated, action: 'merge' }), 'keep_asset_id');
    await field(w.c.post(`${base}/s-${w.a}/resolve`, { keep_asset_id: w.a, action: 'archive' }), 'action');
    await field(w.c.post(`${base}/s-${w.a}/resolve`, { action: 'delete' }), 'keep_asset_id');
    await field(w.c.post(`${base}/s-${w.a}/resolve`, { keep_asset_id: w.a, action: 'delete', extra: 1 }), 'extra');
    // A group id that names no group (any more) is 404.
    expect((await w.c.get(`${base}/s-${w.unrelated}`)).status).toBe(404);
    expect((await w.c.get(`${base}/e-${'0'.repeat(64)}`)).status).toBe(404);
    expect((await w.c.post(`${base}/s-${w.bright}/resolve`, { keep_asset_id: w.bright, action: 'delete' })).status).toBe(404);
    // Nothing was trashed by the refusals.
    const live = await kit
      .db()
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.projectId, w.project.id)));
    expect(live).toHaveLength(5);
    expect((await w.c.get(base)).body.data.total).toBe(2);
  });

  it('hides a library from outsiders and lets VIEW look but not resolve', async () => {
    const w = await library();
    const base = `/project/${w.project.id}/duplicates`;
    const outsider: Client = await env().signIn((await env().factories.account()).owner);
    for (const path of [base, `${base}/s-${w.a}`, `/asset/${w.a}/duplicates`]) expect((await outsider.get(path)).status, path).toBe(404);
    expect((await outsider.post(`${base}/s-${w.a}/resolve`, { keep_asset_id: w.a, action: 'delete' })).status).toBe(404);
    expect((await env().anon().get(base)).status).toBe(401);

    const viewer = await kit.collaborator(w.c, w.accountId, w.project.id, 'VIEW');
    expect((await viewer.get(base)).status).toBe(200);
    expect((await viewer.get(`${base}/s-${w.a}`)).status).toBe(200);
    expect((await viewer.get(`/asset/${w.a}/duplicates`)).status).toBe(200);
    expect((await viewer.post(`${base}/s-${w.a}/resolve`, { keep_asset_id: w.a, action: 'delete' })).status).toBe(403);
    expect((await w.c.get(base)).body.data.total).toBe(2);
  });

  it('deletes the others of a group into the trash and records it', async () => {
    const w = await library();
    const res = await w.c.post(`/project/${w.project.id}/duplicates/e-${w.originalSha}/resolve`, {
      keep_asset_id: w.copy,
      action: 'delete',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      group_id: `e-${w.originalSha}`,
      action: 'delete',
      kept_asset_id: w.copy,
      trashed_asset_ids: [w.a],
      merged: { tags: 0, metadata: 0, collections: 0 },
    });
    const trash = await w.c.get(`/project/${w.project.id}/trash`);
    expect(trash.body.data.map((t: { id: number }) => t.id)).toContain(w.a);
    // The similar group is now named after its lowest live asset.
    const after = await w.c.get(`/project/${w.project.id}/duplicates`);
    expect(groupIds(after.body.data.groups)).toEqual([[`s-${w.copy}`, 'SIMILAR', [w.copy, w.bright, w.small]]]);
    const recorded = await kit
      .db()
      .select({ type: events.type, data: events.data })
      .from(events)
      .where(and(eq(events.accountId, w.accountId), inArray(events.type, ['duplicates:resolve', 'asset:delete'])));
    expect(recorded.map((e) => e.type).sort()).toEqual(['asset:delete', 'duplicates:resolve']);
  });

  it('merges tags, missing metadata values and collection memberships into the kept asset, then trashes the others', async () => {
    const w = await library();
    const db = kit.db();
    const tag = (ids: number[], tags: string[]) => w.c.post('/tags', { tags, type: 'add', asset_ids: ids });
    expect((await tag([w.a], ['Keep'])).status).toBe(200);
    expect((await tag([w.bright], ['Summer', 'keep'])).status).toBe(200);
    expect((await tag([w.small], ['Beach'])).status).toBe(200);
    // An AUTO tag on another asset is not carried over.
    await db.insert(assetTags).values({ assetId: w.small, value: 'Machine', key: 'machine', source: 'AUTO', engine: 'type' });

    const props = await db
      .insert(customMetadataProperties)
      .values(['Region', 'Owner'].map((name) => ({ accountId: w.accountId, brandId: w.project.brandId, name, type: 'TEXT' })))
      .returning({ id: customMetadataProperties.id });
    const [region, ownerProp] = props.map((p) => p.id) as [number, number];
    await db.insert(assetCustomMetadata).values([
      { assetId: w.a, propertyId: region, value: 'EU' },
      { assetId: w.bright, propertyId: region, value: 'US' },
      { assetId: w.bright, propertyId: ownerProp, value: 'Marketing' },
    ]);

    const col1 = (await w.c.post(`/project/${w.project.id}/collections`, { name: 'Campaign' })).body.data.id as number;
    const col2 = (await w.c.post(`/project/${w.project.id}/collections`, { name: 'Press' })).body.data.id as number;
    expect((await w.c.post(`/collection/${col1}/assets`, { asset_ids: [w.small] })).status).toBe(200);
    expect((await w.c.post(`/collection/${col2}/assets`, { asset_ids: [w.a, w.bright] })).status).toBe(200);

    const res = await w.c.post(`/project/${w.project.id}/duplicates/s-${w.a}/resolve`, { keep_asset_id: w.a, action: 'merge' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.trashed_asset_ids).toEqual([w.copy, w.bright, w.small]);
    expect(res.body.data.merged).toEqual({ tags: 2, metadata: 1, collections: 1 });

    const tags = await db.select({ value: assetTags.value, source: assetTags.source }).from(assetTags).where(eq(assetTags.assetId, w.a));
    expect(
      tags
        .filter((t) => t.source === 'MANUAL')
        .map((t) => t.value.toLowerCase())
        .sort(),
    ).toEqual(['beach', 'keep', 'summer']);
    expect(tags.map((t) => t.value)).not.toContain('Machine');

    const values = await db.select().from(assetCustomMetadata).where(eq(assetCustomMetadata.assetId, w.a));
    expect(Object.fromEntries(values.map((v) => [v.propertyId, v.value]))).toEqual({ [region]: 'EU', [ownerProp]: 'Marketing' });

    const memberships = await db
      .select({ id: collectionAssets.collectionId })
      .from(collectionAssets)
      .where(eq(collectionAssets.assetId, w.a));
    expect(memberships.map((m) => m.id).sort((x, y) => x - y)).toEqual([col1, col2].sort((x, y) => x - y));

    const trashed = await db.select({ id: assets.id, deletedAt: assets.deletedAt }).from(assets).where(eq(assets.projectId, w.project.id));
    expect(
      trashed
        .filter((r) => r.deletedAt !== null)
        .map((r) => r.id)
        .sort((x, y) => x - y),
    ).toEqual([w.copy, w.bright, w.small]);
    expect((await w.c.get(`/project/${w.project.id}/duplicates`)).body.data).toMatchObject({ groups: [], total: 0, next_cursor: null });
  });

  it('a merge adds the kept asset only to collections the caller may change', async () => {
    const w = await library();
    const member = await env().factories.member(w.accountId, 'MEMBER');
    expect((await w.c.put(`/project/${w.project.id}/user/${member.id}`, { level: 'EDIT' })).status).toBe(200);
    const editor = await env().signIn(member);
    const elsewhere = await env().factories.project(w.owner.actor, { brandId: w.project.brandId, name: 'Board', type: 'MEDIALIBRARY' });
    const mine = (await w.c.post(`/project/${w.project.id}/collections`, { name: 'Mine' })).body.data.id as number;
    const theirs = (await w.c.post(`/project/${elsewhere.id}/collections`, { name: 'Theirs' })).body.data.id as number;
    for (const id of [mine, theirs]) expect((await w.c.post(`/collection/${id}/assets`, { asset_ids: [w.copy] })).status).toBe(200);
    const res = await editor.post(`/project/${w.project.id}/duplicates/e-${w.originalSha}/resolve`, {
      keep_asset_id: w.a,
      action: 'merge',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.merged.collections).toBe(1);
    const memberships = await kit
      .db()
      .select({ id: collectionAssets.collectionId })
      .from(collectionAssets)
      .where(eq(collectionAssets.assetId, w.a));
    expect(memberships.map((m) => m.id)).toEqual([mine]);
  });

  it('a merge carries only values of properties the caller may set in the library', async () => {
    const w = await library();
    const db = kit.db();
    const member = await env().factories.member(w.accountId, 'MEMBER');
    expect((await w.c.put(`/project/${w.project.id}/user/${member.id}`, { level: 'EDIT' })).status).toBe(200);
    const editor = await env().signIn(member);
    // Region has no permission rows (library editors set it); Legal is set by account admins only.
    const region = (await w.c.post(`/brand/${w.project.brandId}/custom-metadata-properties`, { name: 'Region', type: 'TEXT' })).body.data
      .id as number;
    const legal = await w.c.post(`/brand/${w.project.brandId}/custom-metadata-properties`, {
      name: 'Legal',
      type: 'TEXT',
      permissions: { basic: [{ subject: 'ADMIN', level: 'EDIT' }] },
    });
    expect(legal.status, JSON.stringify(legal.body)).toBe(201);
    await db.insert(assetCustomMetadata).values([
      { assetId: w.copy, propertyId: region, value: 'US' },
      { assetId: w.copy, propertyId: legal.body.data.id as number, value: 'Hold' },
    ]);
    const res = await editor.post(`/project/${w.project.id}/duplicates/e-${w.originalSha}/resolve`, {
      keep_asset_id: w.a,
      action: 'merge',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.merged.metadata).toBe(1);
    const values = await db.select().from(assetCustomMetadata).where(eq(assetCustomMetadata.assetId, w.a));
    expect(Object.fromEntries(values.map((v) => [v.propertyId, v.value]))).toEqual({ [region]: 'US' });
  });

  it('answers 404 for a group already resolved and trashes nothing more', async () => {
    const w = await library();
    const res = await w.c.post(`/project/${w.project.id}/duplicates/e-${w.originalSha}/resolve`, { keep_asset_id: w.a, action: 'merge' });
    expect(res.status).toBe(200);
    // Resolving again finds no group any more, and trashes nothing more.
    const again = await w.c.post(`/project/${w.project.id}/duplicates/e-${w.originalSha}/resolve`, { keep_asset_id: w.a, action: 'merge' });
    expect(again.status).toBe(404);
    const live = await kit
      .db()
      .select({ id: assets.id, deletedAt: assets.deletedAt })
      .from(assets)
      .where(eq(assets.projectId, w.project.id));
    expect(live.filter((r) => r.deletedAt === null)).toHaveLength(4);
  });
});
