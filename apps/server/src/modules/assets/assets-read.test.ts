import { expect, it } from 'vitest';
import { forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit, itemIds } from './assets-test-kit.js';

forEachBackend('assets API: reading and listing', (env) => {
  const { setup, fileAsset, link, links, folder, collaborator, markProcessed } = assetsKit(env);

  /* ---------- reading ---------- */

  it('answers one asset with URLs on request: no preview while PROCESSING, a download URL', async () => {
    const { c, owner, project } = await setup();
    const a = await fileAsset(c, owner, project.id);
    const plain = await c.get(`/asset/${a.id}`);
    expect(plain.status).toBe(200);
    expect(plain.body.data).toMatchObject({ id: a.id, preview_url: null, thumbnail_url: null, download_url: null });
    const withUrls = await c.get(`/asset/${a.id}?include_urls=true`);
    expect(withUrls.body.data).toMatchObject({
      status: 'PROCESSING',
      preview_url: null,
      thumbnail_url: null,
      download_url: `/api/asset/${a.id}/download`,
      cdn_download_url: null,
    });
  });

  it('signs a preview URL of the requested width once the revision is processed', async () => {
    const { c, owner, project } = await setup();
    const a = await fileAsset(c, owner, project.id);
    await markProcessed(a.revision.id, a.id);
    const res = await c.get(`/asset/${a.id}?include_urls=true&preview_width=320`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('FINISHED');
    const url = new URL(res.body.data.preview_url, 'http://x');
    expect(url.pathname).toBe(`/media/${res.body.data.asset_token}/${a.revision.id}`);
    expect(url.searchParams.get('width')).toBe('320');
    expect(url.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const dflt = new URL((await c.get(`/asset/${a.id}?include_urls=true`)).body.data.preview_url, 'http://x');
    expect(dflt.searchParams.get('width')).toBe('800');
    expectRefused(await c.get(`/asset/${a.id}?include_urls=true&preview_width=5`), 400, ['preview_width']);
    expectRefused(await c.get(`/asset/${a.id}?include_urls=yes`), 400, ['include_urls']);
    expectRefused(await c.get(`/asset/${a.id}?size=big`), 400, ['_']);
  });

  it('answers the location with breadcrumbs of a nested folder', async () => {
    const { c, owner, project } = await setup();
    const top = await folder(c, project.id, 'Campaigns');
    const mid = await folder(c, project.id, '2025', top);
    const leaf = await folder(c, project.id, 'Summer', mid);
    const a = await fileAsset(c, owner, project.id, { setId: leaf });
    const res = await c.get(`/asset/${a.id}`);
    expect(res.body.data.location).toEqual({
      library: { id: project.id, name: 'Media', type: 'MEDIALIBRARY' },
      workspace_project: null,
      folder: { id: leaf, name: 'Summer' },
      breadcrumbs: [
        { id: top, name: 'Campaigns' },
        { id: mid, name: '2025' },
        { id: leaf, name: 'Summer' },
      ],
    });
    const atRoot = await link(c, project.id, 'root link');
    expect((await c.get(`/asset/${atRoot}`)).body.data.location).toMatchObject({ folder: null, breadcrumbs: [] });
    const ws = await env().factories.project(owner.actor, { type: 'WORKSPACE', name: 'Campaign WS' });
    const inWs = await link(c, ws.id, 'ws link');
    expect((await c.get(`/asset/${inWs}`)).body.data.location).toMatchObject({
      library: null,
      workspace_project: { id: ws.id, name: 'Campaign WS', type: 'WORKSPACE' },
    });
  });

  it('answers 404 for an unknown asset, one of another account, and 401 without a session', async () => {
    const { c, project } = await setup();
    const id = await link(c, project.id, 'mine');
    const stranger = await env().signIn((await env().factories.account()).owner);
    expectRefused(await stranger.get(`/asset/${id}`), 404);
    expectRefused(await stranger.patch(`/asset/${id}`, { title: 'taken' }), 404);
    expectRefused(await stranger.delete(`/asset/${id}`), 404);
    expectRefused(await c.get('/asset/2000000000'), 404);
    expectRefused(await c.get('/asset/abc'), 400, ['id']);
    expectRefused(await env().anon().get(`/asset/${id}`), 401);
    expect((await c.get(`/asset/${id}`)).body.data.title).toBe('mine');
  });

  /* ---------- listing ---------- */

  it('lists given ids in the given order, leaving out unseen ones silently', async () => {
    const { c, project } = await setup();
    const [a, b, d] = await links(c, project.id, ['a', 'b', 'd']);
    const other = await env().factories.account();
    const otherProject = await env().factories.project(other.owner.actor);
    const theirs = await link(await env().signIn(other.owner), otherProject.id, 'theirs');
    const res = await c.post('/asset/list', { ids: [d, theirs, a, 2_000_000_000, b] });
    expect(res.status).toBe(200);
    expect(itemIds(res)).toEqual([d, a, b]);
    expect(res.body.data).toMatchObject({ next_cursor: null, total: 3 });
  });

  it('leaves out of an id list the assets of projects a member does not collaborate on', async () => {
    const { c, owner, project, accountId } = await setup();
    const hiddenProject = await env().factories.project(owner.actor);
    const visible = await link(c, project.id, 'visible');
    const hidden = await link(c, hiddenProject.id, 'hidden');
    const viewer = await collaborator(c, accountId, project.id, 'VIEW');
    const res = await viewer.post('/asset/list', { ids: [hidden, visible], include_preview_url: true });
    expect(itemIds(res)).toEqual([visible]);
    expect(res.body.data.items[0].permissions).toMatchObject({ level: 'VIEW', canEdit: false });
    expectRefused(await viewer.get(`/asset/${hidden}`), 404);
    expectRefused(await viewer.post('/asset/list', { project_id: hiddenProject.id }), 404);
  });

  it('includes URLs in a list only with include_preview_url', async () => {
    const { c, owner, project } = await setup();
    const a = await fileAsset(c, owner, project.id);
    const without = await c.post('/asset/list', { project_id: project.id });
    expect(without.body.data.items[0]).toMatchObject({ id: a.id, download_url: null });
    const withUrls = await c.post('/asset/list', { project_id: project.id, include_preview_url: true });
    expect(withUrls.body.data.items[0]).toMatchObject({ id: a.id, download_url: `/api/asset/${a.id}/download`, preview_url: null });
  });

  it('pages a folder by position with limit, next_cursor and total', async () => {
    const { c, project } = await setup();
    const f = await folder(c, project.id, 'Folder');
    const inFolder = await links(c, project.id, ['p1', 'p2', 'p3', 'p4', 'p5'], f);
    await links(c, project.id, ['root1', 'root2']);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Json = await c.post('/asset/list', { project_id: project.id, set_id: f, limit: 2, cursor });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(5);
      expect(res.body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...itemIds(res));
      cursor = res.body.data.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(inFolder);
    const root = await c.post('/asset/list', { project_id: project.id });
    expect(root.body.data.total).toBe(2);
  });

  it('counts the whole listing on every page, and on a page left empty by deletions', async () => {
    const { c, project } = await setup();
    const [first, second, third] = await links(c, project.id, ['a', 'b', 'c']);
    const one: Json = await c.post('/asset/list', { project_id: project.id, limit: 2 });
    expect(itemIds(one)).toEqual([first, second]);
    expect(one.body.data.total).toBe(3);
    // The rest of the folder goes to the trash after the first page: the next page has no row to carry the total.
    expect((await c.delete(`/asset/${third}`)).status).toBe(200);
    const cursor = one.body.data.next_cursor;
    const past: Json = await c.post('/asset/list', { project_id: project.id, limit: 2, cursor });
    expect(past.status).toBe(200);
    expect(past.body.data).toMatchObject({ items: [], next_cursor: null, total: 2 });
  });

  it('sorts a folder by title (case-insensitive) and by creation, newest first, across pages', async () => {
    const { c, project } = await setup();
    const [banana, apple, cherry, apricot] = await links(c, project.id, ['banana', 'Apple', 'cherry', 'apricot']);
    const walk = async (sort: string) => {
      const out: number[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) {
        const res: Json = await c.post('/asset/list', { project_id: project.id, sort, limit: 1, cursor });
        expect(res.status).toBe(200);
        out.push(...itemIds(res));
        cursor = res.body.data.next_cursor;
        if (!cursor) break;
      }
      return out;
    };
    expect(await walk('title')).toEqual([apple, apricot, banana, cherry]);
    expect(await walk('created')).toEqual([apricot, cherry, apple, banana]);
    expect(itemIds(await c.post('/asset/list', { project_id: project.id, sort: 'position' }))).toEqual([banana, apple, cherry, apricot]);
  });

  it('pages by title when titles differ only beyond ASCII case', async () => {
    const { c, project } = await setup();
    const created = await links(c, project.id, ['Ébène', 'Éz', 'Ecole', 'Zèbre']);
    const out: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res: Json = await c.post('/asset/list', { project_id: project.id, sort: 'title', limit: 1, cursor });
      out.push(...itemIds(res));
      cursor = res.body.data.next_cursor;
      if (!cursor) break;
    }
    // Every asset exactly once, whatever the collation puts first.
    expect([...out].sort()).toEqual([...created].sort());
  });

  it('pages by created across assets made in the same transaction (a copy)', async () => {
    const { c, owner, project } = await setup();
    const originals = await links(c, project.id, ['one', 'two', 'three']);
    const target = await env().factories.project(owner.actor);
    const copy = await c.post('/assets/transfer', {
      source: { project: project.id },
      target: { project: target.id },
      assets: originals,
      mode: 'copy',
    });
    expect(copy.status).toBe(200);
    const out: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res: Json = await c.post('/asset/list', { project_id: target.id, sort: 'created', limit: 1, cursor });
      expect(res.status).toBe(200);
      out.push(...itemIds(res));
      cursor = res.body.data.next_cursor;
      if (!cursor) break;
    }
    expect([...out].sort()).toEqual([...copy.body.data.assets].sort());
  });

  it('refuses an invalid cursor with 400', async () => {
    const { c, project } = await setup();
    await links(c, project.id, ['a', 'b']);
    expectRefused(await c.post('/asset/list', { project_id: project.id, cursor: 'not-a-cursor' }), 400, ['cursor']);
    const json = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    expectRefused(await c.post('/asset/list', { project_id: project.id, cursor: json({ a: 1 }) }), 400, ['cursor']);
    expectRefused(await c.post('/asset/list', { project_id: project.id, cursor: json([1, 1.5]) }), 400, ['cursor']);
  });

  it('refuses a well-formed cursor whose value does not fit the sort (400, not 500)', async () => {
    const { c, project } = await setup();
    await links(c, project.id, ['a', 'b']);
    const cursor = Buffer.from(JSON.stringify(['banana', 1])).toString('base64url');
    const res = await c.post('/asset/list', { project_id: project.id, sort: 'created', cursor });
    expectRefused(res, 400, ['cursor']);
  });

  it('refuses a list without ids or project_id, a limit over 200, a permission token and bad fields', async () => {
    const { c, project, owner } = await setup();
    expectRefused(await c.post('/asset/list', {}), 400, ['project_id']);
    expectRefused(await c.post('/asset/list', { project_id: project.id, limit: 201 }), 400, ['limit']);
    expectRefused(await c.post('/asset/list', { project_id: project.id, limit: 0 }), 400, ['limit']);
    expect((await c.post('/asset/list', { project_id: project.id, limit: 200 })).status).toBe(200);
    expectRefused(await c.post('/asset/list', { project_id: project.id, permission_token: 'abc' }), 400, ['permission_token']);
    expectRefused(await c.post('/asset/list', { project_id: project.id, sort: 'colour' }), 400, ['sort']);
    expectRefused(await c.post('/asset/list', { ids: ['x'] }), 400, ['ids.0']);
    expectRefused(await c.post('/asset/list', { project_id: project.id, page: 2 }), 400, ['_']);
    const other = await env().factories.project(owner.actor);
    const foreignFolder = await folder(c, other.id, 'Other');
    expectRefused(await c.post('/asset/list', { project_id: project.id, set_id: foreignFolder }), 400, ['set_id']);
    const stranger = await env().signIn((await env().factories.account()).owner);
    expectRefused(await stranger.post('/asset/list', { project_id: project.id }), 404);
  });
});
