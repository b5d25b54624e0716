import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { assetRevisions } from '../../db/schema.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit, EXE, PDF, testPng } from './assets-test-kit.js';

let PNG: Buffer;

beforeAll(async () => {
  PNG = await testPng();
});

forEachBackend('assets API: changing, revisions, the viewer and attachments', (env) => {
  const { db, setup, fileAsset, link, links, folder, collaborator, folderOrder } = assetsKit(env);

  /* ---------- changing ---------- */

  it('updates title, description and alternative text', async () => {
    const { c, project } = await setup();
    const id = await link(c, project.id, 'Before');
    const res = await c.patch(`/asset/${id}`, { title: 'After', description: 'Long text', alternative_text: 'A red square' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'After', description: 'Long text', alternative_text: 'A red square' });
    expect((await c.get(`/asset/${id}`)).body.data).toMatchObject({
      title: 'After',
      description: 'Long text',
      alternative_text: 'A red square',
    });
    expect((await c.patch(`/asset/${id}`, { description: '' })).body.data).toMatchObject({ title: 'After', description: '' });
  });

  it('refuses an empty title, unknown fields and VIEW (403), changing nothing', async () => {
    const { c, project, accountId } = await setup();
    const id = await link(c, project.id, 'Keep');
    expectRefused(await c.patch(`/asset/${id}`, { title: '' }), 400, ['title']);
    expectRefused(await c.patch(`/asset/${id}`, { title: 5 }), 400, ['title']);
    expectRefused(await c.patch(`/asset/${id}`, { set_id: 3 }), 400, ['_']);
    expectRefused(await c.patch(`/asset/${id}`, {}), 400);
    const viewer = await collaborator(c, accountId, project.id, 'VIEW');
    expect((await viewer.get(`/asset/${id}`)).body.data.permissions).toMatchObject({ level: 'VIEW', canEdit: false });
    expectRefused(await viewer.patch(`/asset/${id}`, { title: 'By viewer' }), 403);
    expect((await c.get(`/asset/${id}`)).body.data.title).toBe('Keep');
  });

  it('deletes one asset (to the trash)', async () => {
    const { c, project, accountId } = await setup();
    const [a, b] = await links(c, project.id, ['a', 'b']);
    const viewer = await collaborator(c, accountId, project.id, 'VIEW');
    expectRefused(await viewer.delete(`/asset/${a}`), 403);
    const res = await c.delete(`/asset/${a}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: a, trashed: true, deleted_at: expect.any(String), expires_at: expect.any(String) });
    expectRefused(await c.get(`/asset/${a}`), 404);
    expect(await folderOrder(c, project.id)).toEqual([b]);
    expectRefused(await c.delete(`/asset/${a}`), 404);
  });

  it('deletes many assets, all or nothing', async () => {
    const { c, owner, project, accountId } = await setup();
    const [a, b, d] = await links(c, project.id, ['a', 'b', 'd']);
    const readOnly = await env().factories.project(owner.actor);
    const ro = await link(c, readOnly.id, 'read only');
    const member = await env().factories.member(accountId);
    await c.put(`/project/${project.id}/user/${member.id}`, { level: 'EDIT' });
    await c.put(`/project/${readOnly.id}/user/${member.id}`, { level: 'VIEW' });
    const m = await env().signIn(member);

    expectRefused(await m.post('/screen/delete', { asset_ids: [a, ro] }), 403);
    expectRefused(await m.post('/screen/delete', { asset_ids: [a, 2_000_000_000] }), 404);
    expect(await folderOrder(c, project.id)).toEqual([a, b, d]);
    expect(await folderOrder(c, readOnly.id)).toEqual([ro]);

    const res = await m.post('/screen/delete', { asset_ids: [a, d, a] });
    expect(res.status).toBe(200);
    expect([...res.body.data.deleted].sort()).toEqual([a, d].sort());
    expect(await folderOrder(c, project.id)).toEqual([b]);
    expectRefused(await c.post('/screen/delete', { asset_ids: [] }), 400, ['asset_ids']);
    expectRefused(await c.post('/screen/delete', {}), 400, ['asset_ids']);
    expectRefused(await c.post('/screen/delete', { asset_ids: 'all' }), 400, ['asset_ids']);
  });

  it('sorts an asset to the first, a middle and the last position', async () => {
    const { c, project } = await setup();
    const [a, b, d, e] = await links(c, project.id, ['a', 'b', 'd', 'e']);
    const first = await c.post(`/asset/${d}/sort`, { new_position: 0 });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ id: d, position: expect.any(Number) });
    expect(await folderOrder(c, project.id)).toEqual([d, a, b, e]);
    expect((await c.post(`/asset/${e}/sort`, { new_position: 2 })).status).toBe(200);
    expect(await folderOrder(c, project.id)).toEqual([d, a, e, b]);
    expect((await c.post(`/asset/${d}/sort`, { new_position: 3 })).status).toBe(200);
    expect(await folderOrder(c, project.id)).toEqual([a, e, b, d]);
    expect((await c.post(`/asset/${b}/sort`, { new_position: 1 })).status).toBe(200);
    expect(await folderOrder(c, project.id)).toEqual([a, b, e, d]);
  });

  it('refuses bad sort input and VIEW', async () => {
    const { c, project, accountId } = await setup();
    const [a] = await links(c, project.id, ['a', 'b']);
    expectRefused(await c.post(`/asset/${a}/sort`, { new_position: -1 }), 400, ['new_position']);
    expectRefused(await c.post(`/asset/${a}/sort`, { new_position: 1.5 }), 400, ['new_position']);
    expectRefused(await c.post(`/asset/${a}/sort`, { new_position: '1' }), 400, ['new_position']);
    expectRefused(await c.post(`/asset/${a}/sort`, {}), 400, ['new_position']);
    const viewer = await collaborator(c, accountId, project.id, 'VIEW');
    expectRefused(await viewer.post(`/asset/${a}/sort`, { new_position: 1 }), 403);
  });

  it('puts an asset last when new_position is past the end of its folder', async () => {
    const { c, project } = await setup();
    const [a, b, d, e] = await links(c, project.id, ['a', 'b', 'd', 'e']);
    const res = await c.post(`/asset/${e}/sort`, { new_position: 10 });
    if (res.status === 400) {
      expectRefused(res, 400, ['new_position']);
    } else {
      expect(res.status).toBe(200);
      expect(await folderOrder(c, project.id)).toEqual([a, b, d, e]);
      expect((await c.post(`/asset/${a}/sort`, { new_position: 10 })).status).toBe(200);
      expect(await folderOrder(c, project.id)).toEqual([b, d, e, a]);
    }
  });

  /* ---------- revisions ---------- */

  it('adds a revision that becomes current and lists both revisions', async () => {
    const { c, owner, project } = await setup();
    const a = await fileAsset(c, owner, project.id, { name: 'logo.png' });
    const pdf = await env().factories.file(owner.actor, { name: 'logo-v2.pdf', bytes: PDF });
    const res = await c.post(`/asset/${a.id}/revision`, { file_id: pdf.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: a.id, revision: { number: 2 }, extension: 'pdf', status: 'PROCESSING', title: 'logo' });
    const list = await c.get(`/asset/${a.id}/revisions`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { number: number; current: boolean; extension: string }) => [r.number, r.current, r.extension])).toEqual([
      [2, true, 'pdf'],
      [1, false, 'png'],
    ]);
    expect(list.body.data[1]).toMatchObject({ size: PNG.length, creator: { id: owner.id }, status: 'PROCESSING', preview_url: null });
    expect(list.body.data[0].download_url).toContain(`/api/asset/${a.id}/download`);
  });

  it('refuses a revision for a URL asset, a disallowed file, a foreign file and VIEW', async () => {
    const { c, owner, project, accountId } = await setup();
    const url = await link(c, project.id, 'site');
    const png = await env().factories.file(owner.actor, { name: 'x.png', bytes: PNG });
    expectRefused(await c.post(`/asset/${url}/revision`, { file_id: png.id }), 400, ['file_id']);
    const a = await fileAsset(c, owner, project.id);
    const exe = await env().factories.file(owner.actor, { name: 'x.exe', bytes: EXE });
    expectRefused(await c.post(`/asset/${a.id}/revision`, { file_id: exe.id }), 400, ['file_id']);
    const other = await env().factories.account();
    const foreign = await env().factories.file(other.owner.actor, { name: 'y.png', bytes: PNG });
    expectRefused(await c.post(`/asset/${a.id}/revision`, { file_id: foreign.id }), 400, ['file_id']);
    expectRefused(await c.post(`/asset/${a.id}/revision`, {}), 400, ['file_id']);
    const viewer = await collaborator(c, accountId, project.id, 'VIEW');
    expectRefused(await viewer.post(`/asset/${a.id}/revision`, { file_id: png.id }), 403);
    expect((await c.get(`/asset/${a.id}/revisions`)).body.data).toHaveLength(1);
    const [{ n }] = (await db().select({ n: count() }).from(assetRevisions).where(eq(assetRevisions.assetId, a.id))) as [{ n: number }];
    expect(n).toBe(1);
  });

  /* ---------- the viewer ---------- */

  it('answers screen data with revisions, attachments and the neighbours in the folder', async () => {
    const { c, owner, project } = await setup();
    const f = await folder(c, project.id, 'F');
    const first = await fileAsset(c, owner, project.id, { setId: f });
    const middle = await fileAsset(c, owner, project.id, { setId: f });
    const last = await link(c, project.id, 'last', f);
    await link(c, project.id, 'elsewhere');
    const res = await c.get(`/screen/data/${middle.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ previous_id: first.id, next_id: last, attachments: [] });
    expect(res.body.data.asset).toMatchObject({ id: middle.id, download_url: `/api/asset/${middle.id}/download` });
    expect(res.body.data.revisions).toHaveLength(1);
    expect((await c.get(`/screen/data/${first.id}`)).body.data).toMatchObject({ previous_id: null, next_id: middle.id });
    expect((await c.get(`/screen/data/${last}`)).body.data).toMatchObject({ previous_id: middle.id, next_id: null });
    await c.post(`/asset/${last}/sort`, { new_position: 0 });
    expect((await c.get(`/screen/data/${first.id}`)).body.data).toMatchObject({ previous_id: last, next_id: middle.id });
    const stranger = await env().signIn((await env().factories.account()).owner);
    expectRefused(await stranger.get(`/screen/data/${middle.id}`), 404);
  });

  /* ---------- attachments ---------- */

  it('adds, renames and deletes an attachment', async () => {
    const { c, owner, project, accountId } = await setup();
    const a = await fileAsset(c, owner, project.id);
    const file = await env().factories.file(owner.actor, { name: 'guide.pdf', bytes: PDF });
    const created = await c.post('/asset-attachment', { asset_id: a.id, file_id: file.id, color_space: 'CMYK' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      asset_id: a.id,
      title: 'guide.pdf',
      extension: 'pdf',
      size: PDF.length,
      color_space: 'CMYK',
      download_url: expect.stringContaining(`/api/asset-attachment/${created.body.data.id}`),
    });
    const attId = created.body.data.id;
    const viewer = await collaborator(c, accountId, project.id, 'VIEW');
    expectRefused(await viewer.post(`/attachment/update/${attId}`, { title: 'By viewer' }), 403);
    expectRefused(await viewer.delete(`/asset-attachment/${attId}`), 403);
    expectRefused(await viewer.post('/asset-attachment', { asset_id: a.id, file_id: file.id }), 403);

    const renamed = await c.post(`/attachment/update/${attId}`, { title: 'Brand guide' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: attId, title: 'Brand guide' });
    expect((await c.get(`/screen/data/${a.id}`)).body.data.attachments).toEqual([
      expect.objectContaining({ id: attId, title: 'Brand guide' }),
    ]);
    expectRefused(await c.post(`/attachment/update/${attId}`, { title: '' }), 400, ['title']);
    expectRefused(await c.post(`/attachment/update/${attId}`, {}), 400, ['title']);

    const del = await c.delete(`/asset-attachment/${attId}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: attId });
    expect((await c.get(`/screen/data/${a.id}`)).body.data.attachments).toEqual([]);
    expectRefused(await c.delete(`/asset-attachment/${attId}`), 404);
    expectRefused(await c.post(`/attachment/update/${attId}`, { title: 'x' }), 404);
  });

  it('refuses attachments with a foreign file, an unseen asset or bad fields', async () => {
    const { c, owner, project } = await setup();
    const a = await fileAsset(c, owner, project.id);
    const other = await env().factories.account();
    const foreign = await env().factories.file(other.owner.actor, { name: 'y.pdf', bytes: PDF });
    expectRefused(await c.post('/asset-attachment', { asset_id: a.id, file_id: foreign.id }), 400, ['file_id']);
    const mine = await env().factories.file(owner.actor, { name: 'z.pdf', bytes: PDF });
    const stranger = await env().signIn(other.owner);
    expectRefused(await stranger.post('/asset-attachment', { asset_id: a.id, file_id: mine.id }), 404);
    expectRefused(await c.post('/asset-attachment', { asset_id: a.id }), 400, ['file_id']);
    expectRefused(await c.post('/asset-attachment', { asset_id: 'one', file_id: mine.id }), 400, ['asset_id']);
    expectRefused(await c.post('/asset-attachment', { asset_id: a.id, file_id: mine.id, title: 'x' }), 400, ['_']);
    expect((await c.get(`/screen/data/${a.id}`)).body.data.attachments).toEqual([]);
  });
});
