import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { ids, projectsKit } from './projects-test-kit.js';

forEachBackend('projects API: collaborators', (env) => {
  const { setup, collaborator } = projectsKit(env);

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
});
