import { encodeBase64Id } from '@emblem/core';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { ids, projectsKit } from './projects-test-kit.js';

forEachBackend('projects API', (env) => {
  const { setup, collaborator, memberClient, addProject } = projectsKit(env);

  /* ---------- creating ---------- */

  it("updates a workspace project's name, description and dates through GraphQL (updateWorkspaceProject)", async () => {
    const { c, accountId, project } = await setup('WORKSPACE');
    const gid = encodeBase64Id('Project', project.id);
    const mutation = `mutation($p: ID!, $b: String, $e: String) {
      updateWorkspaceProject(projectId: $p, name: "Launch", description: "Spring launch", beginsAt: $b, endsAt: $e) {
        id name description beginsAt endsAt } }`;
    const res = await c.graphql(mutation, { p: gid, b: '2026-03-01', e: '2026-04-30' });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.updateWorkspaceProject).toMatchObject({ id: gid, name: 'Launch', description: 'Spring launch' });
    expect(res.body.data.updateWorkspaceProject.beginsAt.slice(0, 10)).toBe('2026-03-01');
    const cleared = await c.graphql('mutation($p: ID!) { updateWorkspaceProject(projectId: $p, endsAt: null) { name endsAt } }', {
      p: gid,
    });
    expect(cleared.body.data.updateWorkspaceProject).toEqual({ name: 'Launch', endsAt: null });
    expect((await c.get(`/project/${project.id}`)).body.data).toMatchObject({ name: 'Launch', ends_at: null });
    const status = (r: { body: { errors?: { extensions?: { status?: number; errors?: Record<string, string[]> } }[] } }) =>
      r.body.errors?.[0]?.extensions;
    const bad = await c.graphql(mutation, { p: gid, b: '2026-05-01', e: '2026-04-30' });
    expect(status(bad)?.status).toBe(400);
    expect(status(bad)?.errors?.date_end).toBeDefined();
    const { client: editor } = await collaborator(c, accountId, project.id, 'EDIT');
    expect(status(await editor.graphql(mutation, { p: gid }))?.status).toBe(403);
    const library = await setup();
    const lib = await library.c.graphql(mutation, { p: encodeBase64Id('Project', library.project.id) });
    expect(status(lib)?.errors?.projectId).toBeDefined();
  });

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

  it('stores targets_sharing_enabled (off by default) and refuses a non-boolean', async () => {
    const { project, c } = await setup();
    expect((await c.get(`/project/${project.id}`)).body.data.targets_sharing_enabled).toBe(false);
    const on = await c.patch(`/project/${project.id}`, { targets_sharing_enabled: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.targets_sharing_enabled).toBe(true);
    expect((await c.get(`/project/${project.id}`)).body.data.targets_sharing_enabled).toBe(true);
    expectRefused(await c.patch(`/project/${project.id}`, { targets_sharing_enabled: 'yes' }), 400, ['targets_sharing_enabled']);
    expect((await c.get(`/project/${project.id}`)).body.data.targets_sharing_enabled).toBe(true);
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
