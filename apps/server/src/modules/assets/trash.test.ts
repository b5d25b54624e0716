import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { encodeBase64Id } from '@emblem/core';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assetRevisions, assets, files, sets } from '../../db/schema.js';
import type { JobDeps } from '../../jobs/define.js';
import type { Client, Json } from '../../test/harness.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { fetchBytes, jpeg, uploadAsset } from '../../test/media.js';
import { assetsKit, itemIds } from './assets-test-kit.js';
import { assetTrashPurgeJob } from './trash.js';

/* A library's trash (decision 0025): deleting moves to it, restore brings back, empty and the daily purge remove. */

const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
const data = (res: Json) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

forEachBackend('library trash: assets and folders', (env) => {
  const { db, setup, link, folder, collaborator, folderOrder } = assetsKit(env);
  const stored = (key: string) => existsSync(join(env().started.app.config.dataDir, 'files', key));
  const usedBytes = async (c: Client) => data(await c.get('/account/usage/storage')).used_bytes as number;
  const trash = async (c: Client, projectId: number) => data(await c.get(`/project/${projectId}/trash`)) as Record<string, unknown>[];
  const folderNode = async (c: Client, projectId: number, id: number) => {
    const list = data(await c.get(`/project/${projectId}/sets?recursive=true`)) as { id: number }[];
    return list.find((f) => f.id === id);
  };

  it('a deleted asset leaves every listing, URL and download; its files stay stored; restore brings it all back', async () => {
    const { c, project } = await setup();
    const photo = await uploadAsset(env(), c, project.id, 'beach.jpg', await jpeg(320, 200));
    const other = await link(c, project.id, 'Other');
    const used = await usedBytes(c);
    expect((await fetchBytes(c, photo.thumbnail_url)).status).toBe(200);

    const res = data(await c.post('/screen/delete', { asset_ids: [photo.id] }));
    expect(res).toEqual({ deleted: [photo.id], trashed: true, deleted_at: expect.any(String), expires_at: expect.any(String) });
    expect(new Date(res.expires_at).getTime() - new Date(res.deleted_at).getTime()).toBe(30 * 86_400_000);

    // Gone from everything that reads assets...
    expectRefused(await c.get(`/asset/${photo.id}`), 404);
    expectRefused(await c.get(`/screen/data/${photo.id}`), 404);
    expect((await fetchBytes(c, `/api/asset/${photo.id}/download`)).status).toBe(404);
    expect((await fetchBytes(c, photo.thumbnail_url)).status).toBe(404);
    expect(await folderOrder(c, project.id)).toEqual([other]);
    expect(itemIds(await c.post('/asset/list', { ids: [photo.id, other] }))).toEqual([other]);
    expectRefused(await c.post('/asset/bulk-download', { asset_ids: [photo.id] }), 404);
    expect(data(await c.get(`/project/${project.id}`)).asset_count).toBe(1);
    expectRefused(await c.patch(`/asset/${photo.id}`, { title: 'x' }), 404);
    expectRefused(await c.post('/screen/delete', { asset_ids: [photo.id] }), 404);
    const gql = await c.graphql('query($id: ID!) { asset(id: $id) { id } }', { id: encodeBase64Id('Asset', photo.id) });
    expect(gql.body.data?.asset ?? null).toBeNull();
    expect(JSON.stringify(gql.body.errors)).toMatch(/not found/i);
    // ...but its files stay, and count, until the trash is emptied or 30 days have passed.
    expect(await usedBytes(c)).toBe(used);
    expect(await env().drainJobs()).toBe(0);

    const [item] = await trash(c, project.id);
    expect(item).toMatchObject({
      kind: 'asset',
      id: photo.id,
      title: 'beach',
      path: [],
      extension: 'jpg',
      type: 'Image',
      deleted_at: res.deleted_at,
      expires_at: res.expires_at,
      asset_count: 0,
      folder_count: 0,
    });
    expect(item?.deleted_by).toEqual({ id: expect.any(Number), name: expect.any(String) });
    // The trash listing's thumbnail is signed for the trash: it shows the trashed asset, the same URL unsigned does not.
    const thumbnail = String(item?.thumbnail_url);
    expect((await fetchBytes(c, thumbnail)).status).toBe(200);
    expect((await fetchBytes(c, thumbnail.replace('&tr=1', ''))).status).toBe(403);

    expect(data(await c.post(`/asset/${photo.id}/restore`))).toEqual({ asset_ids: [photo.id], set_ids: [] });
    expect(data(await c.get(`/asset/${photo.id}`)).title).toBe('beach');
    expect((await fetchBytes(c, photo.thumbnail_url)).status).toBe(200);
    expect(await folderOrder(c, project.id)).toEqual([photo.id, other]);
    expect(await trash(c, project.id)).toEqual([]);
    const again = await c.post(`/asset/${photo.id}/restore`);
    expectRefused(again, 409);
    expect(again.body.error).toBe('This asset is not in the trash');
  });

  it('a deleted folder takes its sub-folders and assets as one item; restoring it brings them back together', async () => {
    const { c, project } = await setup();
    const logos = await folder(c, project.id, 'Logos');
    const primary = await folder(c, project.id, 'Primary', logos);
    const dark = await folder(c, project.id, 'Dark', primary);
    const inPrimary = await link(c, project.id, 'in-primary', primary);
    const inDark = await link(c, project.id, 'in-dark', dark);
    const loose = await link(c, project.id, 'deleted-before', dark);
    expect(data(await c.delete(`/asset/${loose}`)).trashed).toBe(true);

    const del = data(await c.delete(`/set/${primary}`));
    expect(del).toMatchObject({ id: primary, trashed: true, trashed_sets: 2, trashed_assets: 2, target_set_id: logos });
    expect(await folderNode(c, project.id, logos)).toMatchObject({ asset_count: 0, total_asset_count: 0 });
    expect(await folderNode(c, project.id, dark)).toBeUndefined();
    expectRefused(await c.post('/asset/list', { project_id: project.id, set_id: dark }), 400, ['set_id']);

    const items = await trash(c, project.id);
    expect(items.map((i) => [i.kind, i.id])).toEqual([
      ['folder', primary],
      ['asset', loose],
    ]);
    expect(items[0]).toMatchObject({ title: 'Primary', path: ['Logos'], asset_count: 2, folder_count: 1, thumbnail_url: null });
    expect(items[1]).toMatchObject({ title: 'deleted-before', path: ['Logos', 'Primary', 'Dark'] });

    // What went with the folder comes back with the folder only.
    const withFolder = await c.post(`/asset/${inDark}/restore`);
    expectRefused(withFolder, 409);
    expect(withFolder.body.error).toBe('This asset went to the trash with the folder "Primary": restore that folder');
    expectRefused(await c.post(`/set/${dark}/restore`), 409);

    expect(data(await c.post(`/project/${project.id}/trash/restore`, { set_ids: [primary] }))).toEqual({
      asset_ids: expect.arrayContaining([inPrimary, inDark]),
      set_ids: [primary],
    });
    expect(await folderNode(c, project.id, logos)).toMatchObject({ asset_count: 0, total_asset_count: 2 });
    expect(await folderNode(c, project.id, dark)).toMatchObject({ parent_id: primary, asset_count: 1 });
    expect(await folderOrder(c, project.id, dark)).toEqual([inDark]);
    // The asset deleted on its own before stays in the trash.
    expect((await trash(c, project.id)).map((i) => i.id)).toEqual([loose]);
  });

  it('restores into the nearest live folder above when its own is gone or in the trash', async () => {
    const { c, project } = await setup();
    const top = await folder(c, project.id, 'Top');
    const middle = await folder(c, project.id, 'Middle', top);
    const bottom = await folder(c, project.id, 'Bottom', middle);
    const a = await link(c, project.id, 'a', bottom);
    await link(c, project.id, 'b', top);
    data(await c.delete(`/asset/${a}`));
    data(await c.delete(`/set/${bottom}`));
    data(await c.delete(`/set/${middle}`));
    // Bottom was deleted on its own, then Middle: both are items; Bottom goes back under Top, and `a` into Top.
    data(await c.post(`/project/${project.id}/trash/restore`, { set_ids: [bottom], asset_ids: [a] }));
    expect(await folderNode(c, project.id, bottom)).toMatchObject({ parent_id: top });
    expect(data(await c.get(`/asset/${a}`)).set_id).toBe(bottom);
    // An asset whose folder is purged goes to the top level.
    const b2 = await link(c, project.id, 'b2', bottom);
    data(await c.delete(`/asset/${b2}`));
    data(await c.delete(`/set/${top}`));
    await db()
      .delete(sets)
      .where(inArray(sets.id, [top, bottom]));
    data(await c.post(`/asset/${b2}/restore`));
    expect(data(await c.get(`/asset/${b2}`)).set_id).toBeNull();
    expect(await folderOrder(c, project.id)).toEqual([b2]);
  });

  it('EDIT lists and restores, VIEW may not (403), strangers see nothing (404); emptying needs ADMIN', async () => {
    const { c, owner, accountId, project } = await setup();
    const a = await link(c, project.id, 'a');
    const f = await folder(c, project.id, 'F');
    data(await c.post('/screen/delete', { asset_ids: [a] }));
    data(await c.delete(`/set/${f}`));
    const viewer = await collaborator(c, accountId, project.id, 'VIEW');
    const editor = await collaborator(c, accountId, project.id, 'EDIT');
    const admin = await collaborator(c, accountId, project.id, 'ADMIN');
    const stranger = await env().signIn((await env().factories.account()).owner);
    for (const who of [viewer, stranger]) {
      const status = who === viewer ? 403 : 404;
      expectRefused(await who.get(`/project/${project.id}/trash`), status);
      expectRefused(await who.post(`/asset/${a}/restore`), status);
      expectRefused(await who.post(`/set/${f}/restore`), status);
      expectRefused(await who.post(`/project/${project.id}/trash/restore`, { asset_ids: [a] }), status);
      expectRefused(await who.delete(`/project/${project.id}/trash`), status);
    }
    expectRefused(await env().anon().get(`/api/project/${project.id}/trash`), 401);
    expectRefused(await editor.delete(`/project/${project.id}/trash`), 403);
    // Ids are claims: one of another library is not found, and the bulk restore restores nothing.
    const otherProject = await env().factories.project(owner.actor);
    const elsewhere = await link(c, otherProject.id, 'elsewhere');
    data(await c.delete(`/asset/${elsewhere}`));
    expectRefused(await editor.post(`/project/${project.id}/trash/restore`, { asset_ids: [a, elsewhere] }), 404);
    expectRefused(await editor.post(`/project/${project.id}/trash/restore`, { asset_ids: [2_000_000_000] }), 404);
    expectRefused(await editor.post(`/project/${project.id}/trash/restore`, {}), 400, ['asset_ids']);
    expectRefused(await editor.post(`/project/${project.id}/trash/restore`, { set_ids: ['x'] }), 400, ['set_ids.0']);
    expectRefused(await editor.post(`/project/${project.id}/trash/restore`, { asset_ids: [a], extra: 1 }), 400);
    expectRefused(await c.post('/asset/2000000000/restore'), 404);
    expect((await trash(editor, project.id)).length).toBe(2);
    data(await editor.post(`/asset/${a}/restore`));
    data(await c.delete(`/asset/${a}`));

    expect(data(await admin.delete(`/project/${project.id}/trash`))).toEqual({ purged_assets: 1, purged_sets: 1 });
    expect(await trash(c, project.id)).toEqual([]);
    expect(await db().select().from(assets).where(eq(assets.id, a))).toEqual([]);
    expectRefused(await c.post(`/asset/${a}/restore`), 404);
    // The account's owner (an account admin) may empty any library's trash; the other library's is untouched.
    expect(data(await c.delete(`/project/${otherProject.id}/trash`))).toEqual({ purged_assets: 1, purged_sets: 0 });
    expect(data(await c.delete(`/project/${project.id}/trash`))).toEqual({ purged_assets: 0, purged_sets: 0 });
  });

  it('refuses restoring after 30 days; the daily purge removes such items and their files for good', async () => {
    const { c, project } = await setup();
    const old = await uploadAsset(env(), c, project.id, 'old.jpg', await jpeg(100, 80, '#aa0000'));
    const recent = await link(c, project.id, 'recent');
    const oldFolder = await folder(c, project.id, 'Old folder');
    const inOldFolder = await link(c, project.id, 'in old folder', oldFolder);
    data(await c.post('/screen/delete', { asset_ids: [old.id, recent] }));
    data(await c.delete(`/set/${oldFolder}`));
    await db()
      .update(assets)
      .set({ deletedAt: ago(31) })
      .where(inArray(assets.id, [old.id, inOldFolder]));
    await db()
      .update(sets)
      .set({ deletedAt: ago(31) })
      .where(eq(sets.id, oldFolder));
    const expired = await c.post(`/asset/${old.id}/restore`);
    expectRefused(expired, 409);
    expect(expired.body.error).toMatch(/more than 30 days/);
    expectRefused(await c.post(`/set/${oldFolder}/restore`), 409);
    expect((await trash(c, project.id)).map((i) => i.id)).toEqual([recent]);

    const [file] = await db()
      .select({ storageKey: files.storageKey })
      .from(files)
      .innerJoin(assetRevisions, eq(assetRevisions.fileId, files.id))
      .where(eq(assetRevisions.assetId, old.id));
    const log = { info() {}, warn() {}, error() {} } as unknown as JobDeps['log'];
    await assetTrashPurgeJob.run({ db: db(), log } as JobDeps, {}, {} as never);
    expect(
      await db()
        .select()
        .from(assets)
        .where(inArray(assets.id, [old.id, inOldFolder])),
    ).toEqual([]);
    expect(await db().select().from(sets).where(eq(sets.id, oldFolder))).toEqual([]);
    expect(await db().select().from(assets).where(eq(assets.id, recent))).toHaveLength(1);
    // The stored files go by the media purge job the purge enqueued.
    const before = await usedBytes(c);
    expect(await env().drainJobs()).toBeGreaterThan(0);
    expect(await usedBytes(c)).toBeLessThan(before);
    if (file) expect(stored(file.storageKey)).toBe(false);
    expect(assetTrashPurgeJob.every).toBe(86_400_000);
  });
});
