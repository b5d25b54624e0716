import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { accounts, projects } from '../../db/schema.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit, EXE, PDF, testPng } from './assets-test-kit.js';

let PNG: Buffer;

beforeAll(async () => {
  PNG = await testPng();
});

forEachBackend('assets API: creating', (env) => {
  const { db, setup, fileAsset, link, folder, folderOrder, assetRows } = assetsKit(env);

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
