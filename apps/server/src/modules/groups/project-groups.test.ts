import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { events } from '../../db/schema.js';
import { type Client, forEachBackend, type Json } from '../../test/harness.js';
import { addLinkAsset, expectRefused } from '../../test/helpers.js';
import { USER_GROUPS_DISABLED } from './policy.js';

type Level = 'VIEW' | 'COMMENT' | 'EDIT' | 'ADMIN';

const ids = (res: Json): number[] => res.body.data.map((p: { id: number }) => p.id);

forEachBackend('groups as project collaborators', (env) => {
  /**
   * An account with USER_GROUPS, its owner signed in, a media library under a brand, a plain member (signed in)
   * and a group with that member in it, not yet a collaborator of anything.
   */
  async function setup() {
    const { owner, accountId } = await env().factories.account({ flags: ['USER_GROUPS'] });
    const c = await env().signIn(owner);
    const brand = await env().factories.brand(owner.actor);
    const project = await env().factories.project(owner.actor, { brandId: brand.id });
    const user = await env().factories.member(accountId);
    const member = await env().signIn(user);
    const created = await c.post('/groups', { name: 'Design' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const groupId: number = created.body.data.id;
    expect((await c.put(`/groups/${groupId}/members`, { user_ids: [user.id] })).status).toBe(200);
    return { owner, accountId, c, brand, project, user, member, groupId };
  }

  const grant = async (c: Client, projectId: number, groupId: number, level: Level) => {
    const res = await c.put(`/project/${projectId}/group/${groupId}`, { level });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  };

  it('lets a group member see a project only through the group, and takes it away when they leave the group', async () => {
    const { c, accountId, brand, project, member, user, groupId } = await setup();
    expectRefused(await member.get(`/project/${project.id}`), 404);
    expect(ids(await member.get(`/project/list/${accountId}`))).not.toContain(project.id);
    expect(ids(await member.get(`/brand/${brand.id}/projects`))).not.toContain(project.id);

    const res = await grant(c, project.id, groupId, 'VIEW');
    expect(res.body.data).toEqual({ group_id: groupId, level: 'VIEW' });
    const seen = await member.get(`/project/${project.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.permissions).toMatchObject({ level: 'VIEW', canView: true, canEdit: false });
    expect(ids(await member.get(`/project/list/${accountId}`))).toEqual([project.id]);
    const listed = (await member.get(`/brand/${brand.id}/projects`)).body.data;
    expect(listed.map((p: { id: number; permissions: { level: string } }) => [p.id, p.permissions.level])).toEqual([[project.id, 'VIEW']]);
    expect((await member.get(`/project/${project.id}/set`)).status).toBe(200);
    // VIEW through the group is not EDIT.
    expectRefused(await member.post(`/set/create/${project.id}`, { name: 'Nope', parent: 0 }), 403);

    // Out of the group: the project is gone again, although the group still collaborates.
    expect((await c.put(`/groups/${groupId}/members`, { user_ids: [] })).status).toBe(200);
    expectRefused(await member.get(`/project/${project.id}`), 404);
    expect(ids(await member.get(`/project/list/${accountId}`))).toEqual([]);
    expect((await c.get(`/project/${project.id}/users?groups=true`)).body.data.groups).toHaveLength(1);

    // Back in the group, then the group is removed from the project.
    await c.put(`/groups/${groupId}/members`, { user_ids: [user.id] });
    expect((await member.get(`/project/${project.id}`)).status).toBe(200);
    const removed = await c.delete(`/project/${project.id}/group/${groupId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ group_id: groupId });
    expectRefused(await member.get(`/project/${project.id}`), 404);
  });

  it('lets a group member edit through an EDIT group and lose it when the group is deleted', async () => {
    const { c, project, member, groupId } = await setup();
    expectRefused(
      await member.post('/asset', { object_type: 'URL', external_url: 'https://example.com', title: 'X', project_id: project.id }),
      404,
    );
    await grant(c, project.id, groupId, 'EDIT');
    const assetId = await addLinkAsset(member, project.id, 'Through the group');
    expect((await member.post(`/set/create/${project.id}`, { name: 'Group folder', parent: 0 })).status).toBe(201);
    expect((await member.get(`/asset/${assetId}`)).status).toBe(200);
    // EDIT is not ADMIN: collaborators and the project itself stay out of reach.
    expectRefused(await member.patch(`/project/${project.id}`, { name: 'Renamed' }), 403);
    expectRefused(await member.put(`/project/${project.id}/group/${groupId}`, { level: 'ADMIN' }), 403);

    expect((await c.delete(`/groups/${groupId}`)).status).toBe(200);
    expectRefused(await member.get(`/asset/${assetId}`), 404);
    expectRefused(await member.get(`/project/${project.id}`), 404);
    expect((await c.get(`/project/${project.id}/users?groups=true`)).body.data.groups).toEqual([]);
  });

  it('gives the highest of the direct level and the levels of all the member’s groups', async () => {
    const { c, accountId, project, user, member, groupId } = await setup();
    const second = (await c.post('/groups', { name: 'Reviewers' })).body.data.id as number;
    await c.put(`/groups/${second}/members`, { user_ids: [user.id] });
    const level = async () => (await member.get(`/project/${project.id}`)).body.data.permissions.level;
    const listedLevel = async () =>
      (await member.get(`/project/list/${accountId}`)).body.data.find((p: { id: number }) => p.id === project.id)?.permissions.level;

    expect((await c.put(`/project/${project.id}/user/${user.id}`, { level: 'VIEW' })).status).toBe(200);
    await grant(c, project.id, groupId, 'EDIT');
    await grant(c, project.id, second, 'COMMENT');
    expect(await level()).toBe('EDIT');
    expect(await listedLevel()).toBe('EDIT');

    await grant(c, project.id, groupId, 'VIEW');
    expect(await level()).toBe('COMMENT');
    expect((await c.put(`/project/${project.id}/user/${user.id}`, { level: 'ADMIN' })).status).toBe(200);
    expect(await level()).toBe('ADMIN');
    expect(await listedLevel()).toBe('ADMIN');
    expect((await c.delete(`/project/${project.id}/user/${user.id}`)).status).toBe(200);
    expect(await level()).toBe('COMMENT');
    expect(await listedLevel()).toBe('COMMENT');
  });

  it('lets an ADMIN group member manage the project, its people and its groups', async () => {
    const { c, accountId, project, member, groupId } = await setup();
    await grant(c, project.id, groupId, 'ADMIN');
    expect((await member.patch(`/project/${project.id}`, { description: 'by the group' })).status).toBe(200);
    const someone = await env().factories.member(accountId);
    expect((await member.put(`/project/${project.id}/user/${someone.id}`, { level: 'VIEW' })).status).toBe(200);
    const other = (await c.post('/groups', { name: 'Other' })).body.data.id as number;
    expect((await member.put(`/project/${project.id}/group/${other}`, { level: 'COMMENT' })).status).toBe(200);
    expect((await member.delete(`/project/${project.id}/group/${other}`)).status).toBe(200);
  });

  it('lists the groups of a project with ?groups=true and keeps the plain list of users otherwise', async () => {
    const { c, project, user, member, groupId } = await setup();
    const empty = (await c.post('/groups', { name: 'agency' })).body.data.id as number;
    await grant(c, project.id, groupId, 'EDIT');
    await grant(c, project.id, empty, 'VIEW');
    await c.put(`/project/${project.id}/user/${user.id}`, { level: 'COMMENT' });

    const plain = await c.get(`/project/${project.id}/users`);
    expect(plain.body.data).toEqual([expect.objectContaining({ user_id: user.id, level: 'COMMENT' })]);
    const both = await c.get(`/project/${project.id}/users?groups=true`);
    expect(both.status).toBe(200);
    expect(both.body.data).toEqual({
      users: plain.body.data,
      groups: [
        { id: empty, group_id: empty, name: 'agency', level: 'VIEW', user_ids: [], member_count: 0 },
        { id: groupId, group_id: groupId, name: 'Design', level: 'EDIT', user_ids: [user.id], member_count: 1 },
      ],
    });
    // Anyone who sees the project sees who collaborates on it.
    expect((await member.get(`/project/${project.id}/users?groups=true`)).body.data.groups).toHaveLength(2);
    expect((await c.get(`/project/${project.id}/users?groups=false`)).body.data).toEqual(plain.body.data);
    expectRefused(await c.get(`/project/${project.id}/users?groups=yes`), 400, ['groups']);
    expectRefused(await c.get(`/project/${project.id}/users?other=1`), 400, ['_']);
  });

  it('changes a group’s level and records grants and removals as events', async () => {
    const { c, project, groupId } = await setup();
    await grant(c, project.id, groupId, 'VIEW');
    const changed = await grant(c, project.id, groupId, 'ADMIN');
    expect(changed.body.data).toEqual({ group_id: groupId, level: 'ADMIN' });
    expect((await c.get(`/project/${project.id}/users?groups=true`)).body.data.groups.map((g: { level: string }) => g.level)).toEqual([
      'ADMIN',
    ]);
    await c.delete(`/project/${project.id}/group/${groupId}`);
    const rows = await env()
      .started.database.db.select({ type: events.type, data: events.data })
      .from(events)
      .where(and(eq(events.subjectType, 'project'), eq(events.subjectId, project.id)))
      .orderBy(asc(events.id));
    expect(rows.filter((r) => r.type.startsWith('project:group'))).toEqual([
      { type: 'project:group', data: { groupId, level: 'VIEW' } },
      { type: 'project:group', data: { groupId, level: 'ADMIN' } },
      { type: 'project:group-remove', data: { groupId } },
    ]);
  });

  it('refuses groups of another account and unknown groups or projects (404), bad levels (400)', async () => {
    const { c, project, groupId } = await setup();
    const other = await env().factories.account({ flags: ['USER_GROUPS'] });
    const otherClient = await env().signIn(other.owner);
    const foreignGroup = (await otherClient.post('/groups', { name: 'Theirs' })).body.data.id as number;
    const foreignProject = await env().factories.project(other.owner.actor);

    const refused = await c.put(`/project/${project.id}/group/${foreignGroup}`, { level: 'VIEW' });
    expectRefused(refused, 404);
    expect(refused.body.error).toBe('No such group in this account');
    expectRefused(await c.put(`/project/${project.id}/group/2000000000`, { level: 'VIEW' }), 404);
    expectRefused(await c.put(`/project/${foreignProject.id}/group/${groupId}`, { level: 'VIEW' }), 404);
    expectRefused(await otherClient.put(`/project/${foreignProject.id}/group/${groupId}`, { level: 'VIEW' }), 404);
    expectRefused(await c.get(`/project/${foreignProject.id}/users?groups=true`), 404);
    expectRefused(await c.delete(`/project/${project.id}/group/${groupId}`), 404);

    expectRefused(await c.put(`/project/${project.id}/group/${groupId}`, { level: 'OWNER' }), 400, ['level']);
    expectRefused(await c.put(`/project/${project.id}/group/${groupId}`, {}), 400, ['level']);
    expectRefused(await c.put(`/project/${project.id}/group/${groupId}`, { level: 'VIEW', extra: 1 }), 400, ['_']);
    expectRefused(await c.put(`/project/${project.id}/group/abc`, { level: 'VIEW' }), 400, ['groupId']);
    expect((await c.get(`/project/${project.id}/users?groups=true`)).body.data.groups).toEqual([]);
  });

  it('refuses a plain member or a VIEW collaborator who is not project ADMIN (403 or 404)', async () => {
    const { c, accountId, project, member, groupId } = await setup();
    // Not a collaborator at all: the project does not exist for them.
    const outsider = await env().signIn(await env().factories.member(accountId));
    expectRefused(await outsider.put(`/project/${project.id}/group/${groupId}`, { level: 'VIEW' }), 404);
    await grant(c, project.id, groupId, 'VIEW');
    expectRefused(await member.put(`/project/${project.id}/group/${groupId}`, { level: 'ADMIN' }), 403);
    expectRefused(await member.delete(`/project/${project.id}/group/${groupId}`), 403);
    expect((await member.get(`/project/${project.id}`)).body.data.permissions.level).toBe('VIEW');
  });

  it('needs the flag to add a group, while existing grants keep working and can still be removed', async () => {
    const { c, project, member, groupId } = await setup();
    await grant(c, project.id, groupId, 'EDIT');
    expect((await c.delete('/development/flag/USER_GROUPS')).status).toBe(200);

    const refused = await c.put(`/project/${project.id}/group/${groupId}`, { level: 'VIEW' });
    expectRefused(refused, 403);
    expect(refused.body.error).toBe(USER_GROUPS_DISABLED);
    // The grant stays in force and visible, so a project admin can see where the access comes from.
    expect((await member.get(`/project/${project.id}`)).body.data.permissions.level).toBe('EDIT');
    expect((await c.get(`/project/${project.id}/users?groups=true`)).body.data.groups).toEqual([
      expect.objectContaining({ id: groupId, level: 'EDIT' }),
    ]);
    expect((await c.delete(`/project/${project.id}/group/${groupId}`)).status).toBe(200);
    expectRefused(await member.get(`/project/${project.id}`), 404);
  });

  it('drops the project grants of a group when the project is deleted', async () => {
    const { c, project, groupId } = await setup();
    await grant(c, project.id, groupId, 'VIEW');
    expect((await c.delete(`/project/${project.id}`)).status).toBe(200);
    expectRefused(await c.delete(`/project/${project.id}/group/${groupId}`), 404);
    expect((await c.get(`/groups/${groupId}`)).status).toBe(200);
  });
});
