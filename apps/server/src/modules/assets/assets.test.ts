import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

forEachBackend('assets', (env) => {
  async function setup() {
    const { owner, accountId } = await env().factories.account();
    const project = await env().factories.project(owner.actor);
    const c = await env().signIn(owner);
    return { owner, accountId, project, c };
  }

  it('creates an asset from a file, lists it in its folder and moves it to a folder', async () => {
    const { owner, project, c } = await setup();
    const file = await env().factories.file(owner.actor, { name: 'logo.png', bytes: PNG, mime: 'image/png' });
    const created = await c.post('/asset', { file_id: file.id, project_id: project.id });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'logo',
      extension: 'png',
      type: 'Image',
      status: 'PROCESSING',
      project_id: project.id,
      set_id: null,
    });
    const folder = await c.post(`/set/create/${project.id}`, { name: 'Logos', parent: 0 });
    expect(folder.status).toBe(201);
    expect(folder.body.data.color).toBe('#EEEEEE');
    const list = await c.post('/asset/list', { project_id: project.id, set_id: 0, include_preview_url: true });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0].id).toBe(created.body.data.id);
    const moved = await c.post('/assets/transfer', {
      source: { project: project.id },
      target: { project: project.id, folder: folder.body.data.id },
      assets: [created.body.data.id],
    });
    expect(moved.status).toBe(200);
    const inFolder = await c.post('/asset/list', { project_id: project.id, set_id: folder.body.data.id });
    expect(inFolder.body.data.items.map((a: { id: number }) => a.id)).toEqual([created.body.data.id]);
    const tree = await c.get(`/project/${project.id}/set`);
    expect(tree.body.data).toMatchObject({ id: 0, child_sets: [{ name: 'Logos', asset_count: 1 }] });
  });

  it('pages a folder with a cursor in position order', async () => {
    const { project, c } = await setup();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await c.post('/asset', {
        object_type: 'URL',
        external_url: `https://example.com/${i}`,
        title: `Link ${i}`,
        project_id: project.id,
      });
      ids.push(r.body.data.id);
    }
    const first = await c.post('/asset/list', { project_id: project.id, limit: 2 });
    expect(first.body.data.items.map((a: { id: number }) => a.id)).toEqual(ids.slice(0, 2));
    const second = await c.post('/asset/list', { project_id: project.id, limit: 2, cursor: first.body.data.next_cursor });
    expect(second.body.data.items.map((a: { id: number }) => a.id)).toEqual(ids.slice(2, 4));
    const sorted = await c.post(`/asset/${ids[4]}/sort`, { new_position: 0 });
    expect(sorted.status).toBe(200);
    const all = await c.post('/asset/list', { project_id: project.id });
    expect(all.body.data.items[0].id).toBe(ids[4]);
  });

  it('answers 404 for another account and 403 for a viewer who tries to change', async () => {
    const { project, c, accountId } = await setup();
    const link = await c.post('/asset', { object_type: 'URL', external_url: 'https://example.com', title: 'Site', project_id: project.id });
    const other = await env().factories.account();
    const stranger = await env().signIn(other.owner);
    expect((await stranger.get(`/asset/${link.body.data.id}`)).status).toBe(404);
    const viewer = await env().factories.member(accountId);
    await c.put(`/project/${project.id}/user/${viewer.id}`, { level: 'VIEW' });
    const v = await env().signIn(viewer);
    expect((await v.get(`/asset/${link.body.data.id}`)).status).toBe(200);
    expect((await v.delete(`/asset/${link.body.data.id}`)).status).toBe(403);
  });
});
