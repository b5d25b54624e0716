import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts, projects } from '../../db/schema.js';
import { type Client, forEachBackend, type Json, type TestUser } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';

type Level = 'VIEW' | 'COMMENT' | 'EDIT' | 'ADMIN';

const ids = (res: Json): number[] => res.body.data.map((p: { id: number }) => p.id);

/** Asserts a refused request: status, and (for 400) the fields named in `errors`. */
forEachBackend('projects API', (env) => {
  /** An account with its owner signed in and one media library under a brand. */
  async function setup(type = 'MEDIALIBRARY') {
    const { owner, accountId } = await env().factories.account();
    const brand = await env().factories.brand(owner.actor);
    const project = await env().factories.project(owner.actor, { type, brandId: brand.id });
    const c = await env().signIn(owner);
    return { owner, accountId, brand, project, c };
  }

  /** A member of the account with the given level on a project, signed in. */
  async function collaborator(c: Client, accountId: number, projectId: number, level: Level): Promise<{ user: TestUser; client: Client }> {
    const user = await env().factories.member(accountId);
    const res = await c.put(`/project/${projectId}/user/${user.id}`, { level });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { user, client: await env().signIn(user) };
  }

  async function memberClient(accountId: number) {
    const user = await env().factories.member(accountId);
    return { user, client: await env().signIn(user) };
  }

  const addProject = (c: Client, body: Record<string, unknown>) => c.post('/api/project/add/', body);

  /* ---------- creating ---------- */

  it('creates a library as account admin (201) and answers its context', async () => {
    const { c, brand } = await setup();
    const res = await addProject(c, {
      name: 'Brand images',
      brand: brand.id,
      project_type: 'MEDIALIBRARY',
      description: 'All photos',
      date_begin: '2025-01-01',
      date_end: '2025-12-31',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Brand images',
      brand_id: brand.id,
      project_type: 'MEDIALIBRARY',
      description: 'All photos',
      personal: 0,
      asset_count: 0,
      permissions: { level: 'ADMIN', canAdmin: true },
    });
    expect(new Date(res.body.data.begins_at).toISOString().slice(0, 10)).toBe('2025-01-01');
    expect(new Date(res.body.data.ends_at).toISOString().slice(0, 10)).toBe('2025-12-31');
    const got = await c.get(`/project/${res.body.data.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data.name).toBe('Brand images');
  });

  it('accepts the spec fields of a later issue but refuses unknown ones', async () => {
    const { c, brand } = await setup();
    const accepted = await addProject(c, {
      name: 'With extras',
      brand: brand.id,
      project_type: 'WORKSPACE',
      notify_collaborators: true,
      as_template: false,
      styleguide: null,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const refused = await addProject(c, { name: 'Bad', brand: brand.id, project_type: 'WORKSPACE', colour: 'red' });
    expectRefused(refused, 400, ['_']);
    expect(refused.body.errors._[0]).toContain('colour');
  });

  it('refuses a library created by a plain member (403) and creates nothing', async () => {
    const { accountId, brand, c } = await setup();
    const { client } = await memberClient(accountId);
    const res = await addProject(client, { name: 'Member library', brand: brand.id, project_type: 'LOGOLIBRARY' });
    expectRefused(res, 403);
    const all = await c.get(`/brand/${brand.id}/projects`);
    expect(all.body.data.map((p: { name: string }) => p.name)).not.toContain('Member library');
  });

  it('lets a plain member create a WORKSPACE project and makes them its ADMIN collaborator', async () => {
    const { accountId, brand, c } = await setup();
    const { user, client } = await memberClient(accountId);
    const res = await addProject(client, { name: 'My campaign', brand: brand.id, project_type: 'WORKSPACE' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.permissions).toMatchObject({ level: 'ADMIN', canAdmin: true });
    const id = res.body.data.id;
    const users = await c.get(`/project/${id}/users`);
    expect(users.body.data).toEqual([expect.objectContaining({ user_id: user.id, level: 'ADMIN' })]);
    // As ADMIN collaborator they may change it, and they see it in their list.
    expect((await client.patch(`/project/${id}`, { name: 'Renamed campaign' })).status).toBe(200);
    expect(ids(await client.get(`/project/list/${accountId}`))).toEqual([id]);
  });

  it('answers 404 for an unknown brand or a brand of another account', async () => {
    const { c } = await setup();
    const other = await env().factories.account();
    const foreignBrand = await env().factories.brand(other.owner.actor);
    expectRefused(await addProject(c, { name: 'X', brand: foreignBrand.id, project_type: 'WORKSPACE' }), 404);
    expectRefused(await addProject(c, { name: 'X', brand: 2_000_000_000, project_type: 'WORKSPACE' }), 404);
  });

  it('refuses a bad project_type with a field message', async () => {
    const { c, brand } = await setup();
    const res = await addProject(c, { name: 'X', brand: brand.id, project_type: 'PHOTOLIBRARY' });
    expectRefused(res, 400, ['project_type']);
    expect(res.body.errors.project_type[0]).toContain('MEDIALIBRARY');
  });

  it('refuses date_end before date_begin, and an unparseable date', async () => {
    const { c, brand } = await setup();
    const before = await addProject(c, {
      name: 'X',
      brand: brand.id,
      project_type: 'WORKSPACE',
      date_begin: '2025-06-10',
      date_end: '2025-06-01',
    });
    expectRefused(before, 400, ['date_end']);
    expectRefused(await addProject(c, { name: 'X', brand: brand.id, project_type: 'WORKSPACE', date_begin: 'next tuesday' }), 400, [
      'date_begin',
    ]);
  });

  it('refuses missing and wrongly typed fields with field messages', async () => {
    const { c, brand } = await setup();
    const missing = await addProject(c, { brand: brand.id });
    expectRefused(missing, 400, ['name', 'project_type']);
    expect(missing.body.errors.name).toEqual(['Is required']);
    const wrong = await addProject(c, { name: 42, brand: 'acme', project_type: 'WORKSPACE', description: ['x'] });
    expectRefused(wrong, 400, ['name', 'brand', 'description']);
    expect(wrong.body.errors.name).toEqual(['Must be a string']);
    expect(wrong.body.errors.brand).toEqual(['Must be a number']);
    expectRefused(await addProject(c, { name: '   ', brand: brand.id, project_type: 'WORKSPACE' }), 400, ['name']);
    expectRefused(await c.post('/api/project/add/', undefined, { raw: '{"name": ', headers: { 'content-type': 'application/json' } }), 400);
  });

  it('answers 401 without a session', async () => {
    const { project } = await setup();
    expectRefused(await env().anon().get(`/project/${project.id}`), 401);
  });

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

  /* ---------- changing and deleting ---------- */

  it('updates a project as ADMIN and refuses EDIT (403), VIEW (403) and another account (404)', async () => {
    const { accountId, project, c } = await setup();
    const edit = await collaborator(c, accountId, project.id, 'EDIT');
    const view = await collaborator(c, accountId, project.id, 'VIEW');
    expectRefused(await edit.client.patch(`/project/${project.id}`, { name: 'By editor' }), 403);
    expectRefused(await view.client.patch(`/project/${project.id}`, { name: 'By viewer' }), 403);
    const stranger = await env().signIn((await env().factories.account()).owner);
    expectRefused(await stranger.patch(`/project/${project.id}`, { name: 'By stranger' }), 404);

    const ok = await c.patch(`/project/${project.id}`, { name: 'Renamed', description: 'New text', date_begin: '2025-03-01' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ name: 'Renamed', description: 'New text' });
    expect((await c.get(`/project/${project.id}`)).body.data.name).toBe('Renamed');
  });

  it('refuses a PATCH whose date_end falls before the stored date_begin, and bad fields', async () => {
    const { project, c } = await setup();
    expect((await c.patch(`/project/${project.id}`, { date_begin: '2025-05-01' })).status).toBe(200);
    expectRefused(await c.patch(`/project/${project.id}`, { date_end: '2025-04-01' }), 400, ['date_end']);
    expectRefused(await c.patch(`/project/${project.id}`, { name: '' }), 400, ['name']);
    expectRefused(await c.patch(`/project/${project.id}`, { project_type: 'WORKSPACE' }), 400, ['_']);
    expect((await c.get(`/project/${project.id}`)).body.data.project_type).toBe('MEDIALIBRARY');
  });

  it('deletes a project as ADMIN (its assets go with it) and refuses EDIT', async () => {
    const { accountId, project, c } = await setup();
    const link = await c.post('/asset', { object_type: 'URL', external_url: 'https://example.com', title: 'Site', project_id: project.id });
    expect(link.status).toBe(201);
    const edit = await collaborator(c, accountId, project.id, 'EDIT');
    expectRefused(await edit.client.delete(`/project/${project.id}`), 403);
    expect((await c.get(`/project/${project.id}`)).status).toBe(200);
    const del = await c.delete(`/project/${project.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: project.id });
    expectRefused(await c.get(`/project/${project.id}`), 404);
    expectRefused(await c.get(`/asset/${link.body.data.id}`), 404);
    expectRefused(await c.delete(`/project/${project.id}`), 404);
  });

  /* ---------- collaborators ---------- */

  it('adds, changes, lists and removes collaborators', async () => {
    const { accountId, project, c } = await setup();
    const user = await env().factories.member(accountId);
    const put = await c.put(`/project/${project.id}/user/${user.id}`, { level: 'VIEW' });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ user_id: user.id, level: 'VIEW' });
    const changed = await c.put(`/project/${project.id}/user/${user.id}`, { level: 'EDIT' });
    expect(changed.body.data).toEqual({ user_id: user.id, level: 'EDIT' });
    const list = await c.get(`/project/${project.id}/users`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ user_id: user.id, name: expect.any(String), email: user.email, image: null, level: 'EDIT' }]);

    const client = await env().signIn(user);
    expect((await client.get(`/project/${project.id}`)).status).toBe(200);
    const removed = await c.delete(`/project/${project.id}/user/${user.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ user_id: user.id });
    expect((await c.get(`/project/${project.id}/users`)).body.data).toEqual([]);
    expectRefused(await client.get(`/project/${project.id}`), 404);
    expectRefused(await c.delete(`/project/${project.id}/user/${user.id}`), 404);
  });

  it('answers 404 for a collaborator from another account and 400 for a bad level', async () => {
    const { project, c, accountId } = await setup();
    const other = await env().factories.account();
    expectRefused(await c.put(`/project/${project.id}/user/${other.owner.id}`, { level: 'VIEW' }), 404);
    expect((await c.get(`/project/${project.id}/users`)).body.data).toEqual([]);
    const user = await env().factories.member(accountId);
    const bad = await c.put(`/project/${project.id}/user/${user.id}`, { level: 'OWNER' });
    expectRefused(bad, 400, ['level']);
    expect(bad.body.errors.level[0]).toContain('VIEW');
    expectRefused(await c.put(`/project/${project.id}/user/${user.id}`, {}), 400, ['level']);
    expectRefused(await c.put(`/project/${project.id}/user/${user.id}`, { level: 'VIEW', extra: 1 }), 400, ['_']);
    expectRefused(await c.put(`/project/${project.id}/user/abc`, { level: 'VIEW' }), 400, ['userId']);
  });

  it('lets a VIEW collaborator read but not create folders or assets', async () => {
    const { accountId, project, c } = await setup();
    const { client } = await collaborator(c, accountId, project.id, 'VIEW');
    expect((await client.get(`/project/${project.id}`)).body.data.permissions).toEqual({
      level: 'VIEW',
      canView: true,
      canComment: false,
      canEdit: false,
      canAdmin: false,
      canCreateAssets: false,
    });
    expect((await client.get(`/project/${project.id}/set`)).status).toBe(200);
    expect((await client.get(`/project/${project.id}/users`)).status).toBe(200);
    expectRefused(await client.post(`/set/create/${project.id}`, { name: 'Nope', parent: 0 }), 403);
    expectRefused(
      await client.post('/asset', { object_type: 'URL', external_url: 'https://example.com', title: 'X', project_id: project.id }),
      403,
    );
    expect((await c.get(`/project/${project.id}/set`)).body.data.child_sets).toEqual([]);
  });

  it('gives COMMENT the comment permission but not editing', async () => {
    const { accountId, project, c } = await setup();
    const { client } = await collaborator(c, accountId, project.id, 'COMMENT');
    expect((await client.get(`/project/${project.id}`)).body.data.permissions).toMatchObject({
      level: 'COMMENT',
      canComment: true,
      canEdit: false,
    });
    expectRefused(await client.post(`/set/create/${project.id}`, { name: 'Nope', parent: 0 }), 403);
  });

  it('lets an EDIT collaborator create and delete assets but not manage collaborators', async () => {
    const { accountId, project, c } = await setup();
    const { client } = await collaborator(c, accountId, project.id, 'EDIT');
    const created = await client.post('/asset', {
      object_type: 'URL',
      external_url: 'https://example.com/a',
      title: 'Editor link',
      project_id: project.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await client.post(`/set/create/${project.id}`, { name: 'Editor folder', parent: 0 })).status).toBe(201);
    expect((await client.delete(`/asset/${created.body.data.id}`)).status).toBe(200);
    expectRefused(await c.get(`/asset/${created.body.data.id}`), 404);
    const someone = await env().factories.member(accountId);
    expectRefused(await client.put(`/project/${project.id}/user/${someone.id}`, { level: 'VIEW' }), 403);
  });

  it('lets an ADMIN collaborator manage collaborators', async () => {
    const { accountId, project, c } = await setup();
    const { client } = await collaborator(c, accountId, project.id, 'ADMIN');
    const someone = await env().factories.member(accountId);
    expect((await client.put(`/project/${project.id}/user/${someone.id}`, { level: 'EDIT' })).status).toBe(200);
    const list = await client.get(`/project/${project.id}/users`);
    expect(list.body.data.map((u: { user_id: number; level: string }) => [u.user_id, u.level])).toContainEqual([someone.id, 'EDIT']);
    expect((await client.delete(`/project/${project.id}/user/${someone.id}`)).status).toBe(200);
  });

  it('treats an account admin as ADMIN on every project without being a collaborator', async () => {
    const { accountId, project, c } = await setup();
    const admin = await env().factories.member(accountId, 'SUPER_USER');
    const client = await env().signIn(admin);
    const ctx = await client.get(`/project/${project.id}`);
    expect(ctx.status).toBe(200);
    expect(ctx.body.data.permissions).toMatchObject({ level: 'ADMIN', canAdmin: true });
    expect(ids(await client.get(`/project/list/${accountId}`))).toContain(project.id);
    const someone = await env().factories.member(accountId);
    expect((await client.put(`/project/${project.id}/user/${someone.id}`, { level: 'VIEW' })).status).toBe(200);
    expect((await client.patch(`/project/${project.id}`, { description: 'by admin' })).status).toBe(200);
    expect((await c.get(`/project/${project.id}/users`)).body.data.map((u: { user_id: number }) => u.user_id)).toEqual([someone.id]);
  });

  it('stores SQL and HTML in names and descriptions verbatim', async () => {
    const { c, brand } = await setup();
    const name = `Robert'); DROP TABLE projects;--`;
    const description = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const res = await addProject(c, { name, description, brand: brand.id, project_type: 'WORKSPACE' });
    expect(res.status).toBe(201);
    const got = await c.get(`/project/${res.body.data.id}`);
    expect(got.body.data.name).toBe(name);
    expect(got.body.data.description).toBe(description);
    expect((await c.get(`/brand/${brand.id}/projects`)).body.data.map((p: { name: string }) => p.name)).toContain(name);
  });
});
