import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { accounts, assetRevisions, assets, projects } from '../../db/schema.js';
import { type Client, forEachBackend, type Json, type TestUser } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';

type Level = 'VIEW' | 'COMMENT' | 'EDIT' | 'ADMIN';

let PNG: Buffer;
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126)]);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

beforeAll(async () => {
  PNG = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc2200' } })
    .png()
    .toBuffer();
});

const itemIds = (res: Json): number[] => res.body.data.items.map((a: { id: number }) => a.id);

forEachBackend('assets API', (env) => {
  const db = () => env().started.database.db;

  async function setup(type = 'MEDIALIBRARY') {
    const { owner, accountId } = await env().factories.account();
    const project = await env().factories.project(owner.actor, { type, name: 'Media' });
    const c = await env().signIn(owner);
    return { owner, accountId, project, c };
  }

  /** A stored file of the owner's account and an asset made from it. */
  async function fileAsset(
    c: Client,
    owner: TestUser,
    projectId: number,
    opts: { name?: string; bytes?: Buffer; setId?: number | null; title?: string } = {},
  ) {
    const file = await env().factories.file(owner.actor, { name: opts.name ?? 'sunset.png', bytes: opts.bytes ?? PNG, mime: 'image/png' });
    const res = await c.post('/asset', { file_id: file.id, project_id: projectId, set_id: opts.setId ?? null, title: opts.title });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  async function link(c: Client, projectId: number, title: string, setId: number | null = null) {
    const res = await c.post('/asset', {
      object_type: 'URL',
      external_url: `https://example.com/${encodeURIComponent(title)}`,
      title,
      project_id: projectId,
      set_id: setId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  }

  async function links(c: Client, projectId: number, titles: string[], setId: number | null = null) {
    const out: number[] = [];
    for (const t of titles) out.push(await link(c, projectId, t, setId));
    return out;
  }

  async function folder(c: Client, projectId: number, name: string, parent: number | null = null) {
    const res = await c.post(`/set/create/${projectId}`, { name, parent });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  }

  async function collaborator(c: Client, accountId: number, projectId: number, level: Level) {
    const user = await env().factories.member(accountId);
    expect((await c.put(`/project/${projectId}/user/${user.id}`, { level })).status).toBe(200);
    return env().signIn(user);
  }

  const folderOrder = async (c: Client, projectId: number, setId: number | null = null) =>
    itemIds(await c.post('/asset/list', { project_id: projectId, set_id: setId ?? 0 }));

  async function assetRows(projectId: number) {
    const [row] = await db().select({ n: count() }).from(assets).where(eq(assets.projectId, projectId));
    return row?.n ?? -1;
  }

  /**
   * Marks a revision as processed the way the preview job leaves it (the processor belongs to the media module):
   * only what the presenter reads.
   */
  async function markProcessed(revisionId: number, assetId: number) {
    await db()
      .update(assetRevisions)
      .set({ status: 'FINISHED', previewKey: `previews/${revisionId}.webp` })
      .where(eq(assetRevisions.id, revisionId));
    await db().update(assets).set({ status: 'FINISHED' }).where(eq(assets.id, assetId));
  }

  /* ---------- creating ---------- */

  it('creates an asset from a file: 201, PROCESSING, revision 1, title from the file name', async () => {
    const { c, owner, project } = await setup();
    const a = await fileAsset(c, owner, project.id, { name: 'Summer Campaign.final.png' });
    expect(a).toMatchObject({
      project_id: project.id,
      set_id: null,
      title: 'Summer Campaign.final',
      object_type: 'FILE',
      status: 'PROCESSING',
      type: 'Image',
      file_type_group: 'images',
      extension: 'png',
      size: PNG.length,
      filename: 'Summer Campaign.final.png',
      revision: { number: 1 },
      creator: { id: owner.id },
      external_url: null,
      permissions: { level: 'ADMIN' },
    });
    const titled = await fileAsset(c, owner, project.id, { title: 'Given title' });
    expect(titled.title).toBe('Given title');
    expect((await c.get(`/project/${project.id}`)).body.data.asset_count).toBe(2);
  });

  it('puts each new asset at the end of its folder', async () => {
    const { c, owner, project } = await setup();
    const first = await fileAsset(c, owner, project.id);
    const second = await fileAsset(c, owner, project.id);
    const third = await link(c, project.id, 'third');
    expect(second.position).toBeGreaterThan(first.position);
    expect(await folderOrder(c, project.id)).toEqual([first.id, second.id, third]);
    await c.post(`/asset/${third}/sort`, { new_position: 0 });
    const fourth = await fileAsset(c, owner, project.id);
    expect((await folderOrder(c, project.id)).at(-1)).toBe(fourth.id);
  });

  it('creates a URL asset: object_type URL, EmbeddedContent, FINISHED', async () => {
    const { c, project } = await setup();
    const res = await c.post('/asset', {
      object_type: 'URL',
      external_url: 'https://www.youtube.com/watch?v=abc',
      title: 'Launch video',
      project_id: project.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      object_type: 'URL',
      type: 'EmbeddedContent',
      status: 'FINISHED',
      external_url: 'https://www.youtube.com/watch?v=abc',
      title: 'Launch video',
      revision: null,
      download_url: null,
    });
  });

  it('refuses a URL asset with a non-http URL, naming external_url', async () => {
    const { c, project } = await setup();
    for (const url of ['ftp://example.com/a', 'javascript:alert(1)', 'not a url', 'file:///etc/passwd']) {
      const res = await c.post('/asset', { object_type: 'URL', external_url: url, title: 'Bad', project_id: project.id });
      expectRefused(res, 400, ['external_url']);
    }
    expect(await assetRows(project.id)).toBe(0);
  });

  it('refuses a file of another account (400 file_id) and an unknown file', async () => {
    const { c, project } = await setup();
    const other = await env().factories.account();
    const foreign = await env().factories.file(other.owner.actor, { name: 'theirs.png', bytes: PNG });
    expectRefused(await c.post('/asset', { file_id: foreign.id, project_id: project.id }), 400, ['file_id']);
    expectRefused(await c.post('/asset', { file_id: 2_000_000_000, project_id: project.id }), 400, ['file_id']);
    expect(await assetRows(project.id)).toBe(0);
  });

  it('refuses a set_id of another project (400) and answers 404 for a project of another account', async () => {
    const { c, owner, project } = await setup();
    const otherProject = await env().factories.project(owner.actor);
    const foreignFolder = await folder(c, otherProject.id, 'Elsewhere');
    const file = await env().factories.file(owner.actor, { name: 'a.png', bytes: PNG });
    expectRefused(await c.post('/asset', { file_id: file.id, project_id: project.id, set_id: foreignFolder }), 400, ['set_id']);
    expectRefused(
      await c.post('/asset', {
        object_type: 'URL',
        external_url: 'https://a.b',
        title: 'x',
        project_id: project.id,
        set_id: foreignFolder,
      }),
      400,
      ['set_id'],
    );
    const stranger = await env().factories.account();
    const theirProject = await env().factories.project(stranger.owner.actor);
    expectRefused(await c.post('/asset', { file_id: file.id, project_id: theirProject.id }), 404);
    expect(await assetRows(project.id)).toBe(0);
    expect(await assetRows(theirProject.id)).toBe(0);
  });

  it('refuses an .exe file in a media library, naming .exe, and creates no row', async () => {
    const { c, owner, project } = await setup();
    const exe = await env().factories.file(owner.actor, { name: 'setup.exe', bytes: EXE });
    const res = await c.post('/asset', { file_id: exe.id, project_id: project.id });
    expectRefused(res, 400, ['file_id']);
    expect(res.body.error).toContain('.exe');
    expect(await assetRows(project.id)).toBe(0);
    // The same file is fine in a document library, which takes anything.
    const docs = await env().factories.project(owner.actor, { type: 'DOCUMENTLIBRARY' });
    expect((await c.post('/asset', { file_id: exe.id, project_id: docs.id })).status).toBe(201);
  });

  it('applies each library type: a pdf is refused by nothing but an mp4 by a logo library', async () => {
    const { c, owner } = await setup();
    const logo = await env().factories.project(owner.actor, { type: 'LOGOLIBRARY' });
    const mp4 = await env().factories.file(owner.actor, { name: 'clip.mp4', bytes: Buffer.alloc(32) });
    const pdf = await env().factories.file(owner.actor, { name: 'mark.pdf', bytes: PDF });
    const refused = await c.post('/asset', { file_id: mp4.id, project_id: logo.id });
    expectRefused(refused, 400, ['file_id']);
    expect(refused.body.error).toContain('.mp4');
    expect((await c.post('/asset', { file_id: pdf.id, project_id: logo.id })).status).toBe(201);
  });

  it('refuses extensions blocked by the account or the project', async () => {
    const { c, owner, project, accountId } = await setup();
    await db()
      .update(accounts)
      .set({ blockedExtensions: ['png'] })
      .where(eq(accounts.id, accountId));
    const png = await env().factories.file(owner.actor, { name: 'blocked.PNG', bytes: PNG });
    const res = await c.post('/asset', { file_id: png.id, project_id: project.id });
    expectRefused(res, 400, ['file_id']);
    expect(res.body.error).toContain('.png');
    await db().update(accounts).set({ blockedExtensions: [] }).where(eq(accounts.id, accountId));
    await db()
      .update(projects)
      .set({ blockedExtensions: ['pdf'] })
      .where(eq(projects.id, project.id));
    const pdf = await env().factories.file(owner.actor, { name: 'doc.pdf', bytes: PDF });
    expectRefused(await c.post('/asset', { file_id: pdf.id, project_id: project.id }), 400, ['file_id']);
    expect(await assetRows(project.id)).toBe(0);
    expect((await c.post('/asset', { file_id: png.id, project_id: project.id })).status).toBe(201);
  });

  it('refuses a blank title and an unknown field with field messages, creating nothing', async () => {
    const { c, project } = await setup();
    expectRefused(await c.post('/asset', { object_type: 'URL', external_url: 'https://a.b', title: '  ', project_id: project.id }), 400, [
      'title',
    ]);
    const unknown = await c.post('/asset', {
      object_type: 'URL',
      external_url: 'https://a.b',
      title: 'x',
      project_id: project.id,
      tags: [],
    });
    expectRefused(unknown, 400, ['_']);
    expect(unknown.body.errors._[0]).toContain('tags');
    expect(await assetRows(project.id)).toBe(0);
  });

  // The two body shapes of POST /api/asset are a plain z.union: when neither shape matches, the answer is
  // {"_": ["Invalid input"]} instead of naming the missing or wrongly typed field.
  it('names title when a URL asset has no title', async () => {
    const { c, project } = await setup();
    expectRefused(await c.post('/asset', { object_type: 'URL', external_url: 'https://a.b', project_id: project.id }), 400, ['title']);
  });

  it('names file_id when a file asset has a missing or wrongly typed file_id', async () => {
    const { c, project } = await setup();
    expectRefused(await c.post('/asset', { project_id: project.id }), 400, ['file_id']);
    expectRefused(await c.post('/asset', { file_id: 'abc', project_id: project.id }), 400, ['file_id']);
  });

  it('names project_id when it is missing or not a number', async () => {
    const { c, owner } = await setup();
    const file = await env().factories.file(owner.actor, { name: 'a.png', bytes: PNG });
    expectRefused(await c.post('/asset', { file_id: file.id }), 400, ['project_id']);
    expectRefused(await c.post('/asset', { file_id: file.id, project_id: 'media' }), 400, ['project_id']);
  });

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
    expectRefused(await c.post('/asset/list', { project_id: project.id, sort: 'size' }), 400, ['sort']);
    expectRefused(await c.post('/asset/list', { ids: ['x'] }), 400, ['ids.0']);
    expectRefused(await c.post('/asset/list', { project_id: project.id, page: 2 }), 400, ['_']);
    const other = await env().factories.project(owner.actor);
    const foreignFolder = await folder(c, other.id, 'Other');
    expectRefused(await c.post('/asset/list', { project_id: project.id, set_id: foreignFolder }), 400, ['set_id']);
    const stranger = await env().signIn((await env().factories.account()).owner);
    expectRefused(await stranger.post('/asset/list', { project_id: project.id }), 404);
  });

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

  it('deletes one asset', async () => {
    const { c, project, accountId } = await setup();
    const [a, b] = await links(c, project.id, ['a', 'b']);
    const viewer = await collaborator(c, accountId, project.id, 'VIEW');
    expectRefused(await viewer.delete(`/asset/${a}`), 403);
    const res = await c.delete(`/asset/${a}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: a });
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

  /* ---------- hostile strings ---------- */

  it('stores SQL and HTML in titles and descriptions verbatim', async () => {
    const { c, owner, project } = await setup();
    const title = `'); DROP TABLE assets; --`;
    const html = '<script>alert(document.cookie)</script>';
    const a = await fileAsset(c, owner, project.id, { title });
    const b = await link(c, project.id, html);
    await c.patch(`/asset/${a.id}`, { description: `${html} & "quotes" \\ backslash`, alternative_text: `<b>bold</b>` });
    const got = await c.get(`/asset/${a.id}`);
    expect(got.body.data).toMatchObject({ title, description: `${html} & "quotes" \\ backslash`, alternative_text: '<b>bold</b>' });
    expect((await c.get(`/asset/${b}`)).body.data.title).toBe(html);
    const list = await c.post('/asset/list', { project_id: project.id, sort: 'title' });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.items.map((i: { title: string }) => i.title).sort()).toEqual([title, html].sort());
  });
});
