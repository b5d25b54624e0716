import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts, projects } from '../../db/schema.js';
import { forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { ids, projectsKit } from './projects-test-kit.js';

forEachBackend('projects API: reading and listing', (env) => {
  const { setup, collaborator } = projectsKit(env);

  /* ---------- reading ---------- */

  it('answers the project context with permissions and extension rules', async () => {
    const { c, project, brand } = await setup('LOGOLIBRARY');
    const res = await c.get(`/project/${project.id}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: project.id,
      hub_id: null,
      brand_id: brand.id,
      project_type: 'LOGOLIBRARY',
      personal: 0,
      description: '',
      project_blocked_extensions: [],
      download_custom_sizes: [],
      begins_at: null,
      ends_at: null,
      asset_count: 0,
      permissions: { level: 'ADMIN', canView: true, canComment: true, canEdit: true, canAdmin: true, canCreateAssets: true },
    });
    expect(d.allowed_extensions).toEqual(expect.arrayContaining(['png', 'svg', 'pdf', 'ai', 'eps']));
    expect(d.allowed_extensions).not.toContain('mp4');
    expect(typeof d.created_at).toBe('string');
  });

  it('answers personal as 1 for a personal project and null allowed_extensions for a workspace', async () => {
    const { c, project, owner, brand } = await setup();
    await env().started.database.db.update(projects).set({ personal: true }).where(eq(projects.id, project.id));
    expect((await c.get(`/project/${project.id}`)).body.data.personal).toBe(1);
    const ws = await env().factories.project(owner.actor, { type: 'WORKSPACE', brandId: brand.id });
    expect((await c.get(`/project/${ws.id}`)).body.data).toMatchObject({ personal: 0, allowed_extensions: null });
  });

  it('includes blocked extensions of the account and the project', async () => {
    const { c, project, accountId } = await setup();
    const db = env().started.database.db;
    await db
      .update(accounts)
      .set({ blockedExtensions: ['psd'] })
      .where(eq(accounts.id, accountId));
    await db
      .update(projects)
      .set({ blockedExtensions: ['tif'] })
      .where(eq(projects.id, project.id));
    const ctx = await c.get(`/project/${project.id}`);
    expect([...ctx.body.data.project_blocked_extensions].sort()).toEqual(['psd', 'tif']);
    const ext = await c.get(`/project/${project.id}/asset-extension`);
    expect(ext.status).toBe(200);
    expect([...ext.body.data.blocked].sort()).toEqual(['psd', 'tif']);
    expect(ext.body.data.allowed).toEqual(expect.arrayContaining(['png', 'mp4', 'mp3', 'pdf']));
    expect(ext.body.data.allowed).not.toContain('exe');
  });

  it('answers asset-extension with allowed null for a document library', async () => {
    const { c, project } = await setup('DOCUMENTLIBRARY');
    const ext = await c.get(`/project/${project.id}/asset-extension`);
    expect(ext.body.data).toEqual({ allowed: null, blocked: [] });
  });

  it('answers the download custom sizes of a project', async () => {
    const { c, project } = await setup();
    expect((await c.get(`/project/${project.id}/download-custom-sizes`)).body.data).toEqual([]);
    const sizes = [{ name: 'Social', width: 1200, height: 630, format: 'jpeg' }];
    await env().started.database.db.update(projects).set({ downloadCustomSizes: sizes }).where(eq(projects.id, project.id));
    const res = await c.get(`/project/${project.id}/download-custom-sizes`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(sizes);
  });

  it('answers 404 for a project of another account and for an unknown id', async () => {
    const { project } = await setup();
    const other = await env().factories.account();
    const stranger = await env().signIn(other.owner);
    expectRefused(await stranger.get(`/project/${project.id}`), 404);
    expectRefused(await stranger.get(`/project/${project.id}/users`), 404);
    expectRefused(await stranger.get(`/project/${project.id}/asset-extension`), 404);
    expectRefused(await stranger.get(`/project/${project.id}/download-custom-sizes`), 404);
    expectRefused(await stranger.get('/project/2000000000'), 404);
    expectRefused(await stranger.get('/project/abc'), 400, ['id']);
  });

  /* ---------- listing ---------- */

  it('lists projects of the account, filtering libraries by include_libraries and library_types', async () => {
    const { owner, accountId, brand, c, project: media } = await setup();
    const logo = await env().factories.project(owner.actor, { type: 'LOGOLIBRARY', brandId: brand.id });
    const ws = await env().factories.project(owner.actor, { type: 'WORKSPACE', brandId: brand.id });
    const all = await c.get(`/project/list/${accountId}`);
    expect(all.status).toBe(200);
    expect(ids(all).sort()).toEqual([media.id, logo.id, ws.id].sort());
    expect(all.body.data.find((p: { id: number }) => p.id === media.id)).toMatchObject({
      brand_id: brand.id,
      project_type: 'MEDIALIBRARY',
      asset_count: 0,
      permissions: { level: 'ADMIN' },
    });

    expect(ids(await c.get(`/project/list/${accountId}?include_libraries=false`))).toEqual([ws.id]);

    for (const spelling of ['LOGO_LIBRARY', 'LOGOLIBRARY', 'logolibrary']) {
      const res = await c.get(`/project/list/${accountId}?include_libraries=true&library_types=${spelling}`);
      expect(res.status).toBe(200);
      const got = ids(res);
      expect(got, spelling).toContain(logo.id);
      expect(got, spelling).not.toContain(media.id);
      // library_types filters libraries; workspace projects are not libraries and stay listed.
      expect(got, spelling).toContain(ws.id);
    }
    const both = ids(await c.get(`/project/list/${accountId}?library_types=MEDIALIBRARY,LOGO_LIBRARY`));
    expect(both).toEqual(expect.arrayContaining([media.id, logo.id]));
  });

  it('counts the assets of each project in the lists', async () => {
    const { owner, accountId, brand, c, project: full } = await setup();
    const empty = await env().factories.project(owner.actor, { brandId: brand.id });
    for (const title of ['one', 'two']) {
      const res = await c.post('/asset', { object_type: 'URL', external_url: `https://example.com/${title}`, title, project_id: full.id });
      expect(res.status).toBe(201);
    }
    const counts = (res: Json) => Object.fromEntries(res.body.data.map((p: { id: number; asset_count: number }) => [p.id, p.asset_count]));
    expect(counts(await c.get(`/project/list/${accountId}`))).toEqual({ [full.id]: 2, [empty.id]: 0 });
    expect(counts(await c.get(`/brand/${brand.id}/projects`))).toEqual({ [full.id]: 2, [empty.id]: 0 });
    expect((await c.get(`/project/${full.id}`)).body.data.asset_count).toBe(2);
  });

  it('refuses a bad include_libraries and an unknown query parameter', async () => {
    const { accountId, c } = await setup();
    expectRefused(await c.get(`/project/list/${accountId}?include_libraries=maybe`), 400, ['include_libraries']);
    expectRefused(await c.get(`/project/list/${accountId}?colour=red`), 400, ['_']);
  });

  it('answers 404 for the project list of another account', async () => {
    const { c } = await setup();
    const other = await env().factories.account();
    await env().factories.project(other.owner.actor);
    expectRefused(await c.get(`/project/list/${other.accountId}`), 404);
  });

  it('lists the projects of a brand, and 404 for a brand of another account', async () => {
    const { owner, brand, c, project } = await setup();
    const otherBrand = await env().factories.brand(owner.actor);
    const elsewhere = await env().factories.project(owner.actor, { brandId: otherBrand.id });
    const res = await c.get(`/brand/${brand.id}/projects`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([project.id]);
    expect(ids(await c.get(`/brand/${otherBrand.id}/projects`))).toEqual([elsewhere.id]);
    const other = await env().factories.account();
    const stranger = await env().signIn(other.owner);
    expectRefused(await stranger.get(`/brand/${brand.id}/projects`), 404);
  });

  it('shows a member only the projects they collaborate on', async () => {
    const { owner, accountId, brand, c, project: shared } = await setup();
    const hidden = await env().factories.project(owner.actor, { brandId: brand.id });
    const { client } = await collaborator(c, accountId, shared.id, 'VIEW');
    const list = await client.get(`/project/list/${accountId}`);
    expect(list.status).toBe(200);
    expect(ids(list)).toEqual([shared.id]);
    expect(list.body.data[0].permissions).toMatchObject({ level: 'VIEW', canEdit: false });
    expect(ids(await client.get(`/brand/${brand.id}/projects`))).toEqual([shared.id]);
    expectRefused(await client.get(`/project/${hidden.id}`), 404);
    expect((await client.get(`/project/${shared.id}`)).status).toBe(200);
  });
});
