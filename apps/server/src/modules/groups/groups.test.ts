import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { events, userGroupMembers } from '../../db/schema.js';
import { Client, forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { USER_GROUPS_DISABLED } from './policy.js';

const names = (res: Json): string[] => res.body.data.map((g: { name: string }) => g.name);

forEachBackend('user groups API', (env) => {
  /** An account with USER_GROUPS, its owner signed in. */
  async function setup(flags: 'USER_GROUPS'[] = ['USER_GROUPS']) {
    const { owner, accountId } = await env().factories.account({ flags });
    const c = await env().signIn(owner);
    return { owner, accountId, c };
  }

  async function createGroup(c: Client, name: string): Promise<number> {
    const res = await c.post('/groups', { name });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id;
  }

  const eventsOf = (subjectId: number) =>
    env()
      .started.database.db.select({ type: events.type, data: events.data })
      .from(events)
      .where(and(eq(events.subjectType, 'user_group'), eq(events.subjectId, subjectId)))
      .orderBy(asc(events.id));

  /* ---------- the flag ---------- */

  it('refuses every group call with 403 while the account lacks USER_GROUPS, and works once it is on', async () => {
    const { c, accountId } = await setup([]);
    const member = await env().factories.member(accountId);
    const calls = [
      () => c.get('/groups/list'),
      () => c.post('/groups', { name: 'Design' }),
      () => c.put('/groups/1', { name: 'Design' }),
      () => c.patch('/groups/1', { name: 'Design' }),
      () => c.delete('/groups/1'),
      () => c.put('/groups/1/members', { user_ids: [member.id] }),
    ];
    for (const call of calls) {
      const res = await call();
      expectRefused(res, 403);
      expect(res.body.error).toBe(USER_GROUPS_DISABLED);
    }
    expect((await c.graphql('{ userGroups { id } }')).body.errors[0].message).toBe(USER_GROUPS_DISABLED);

    expect((await c.put('/development/flag/USER_GROUPS')).status).toBe(200);
    expect((await c.get('/groups/list')).body).toEqual({ success: true, data: [] });
  });

  /* ---------- create, list, rename, delete ---------- */

  it('creates groups (201) and lists them by name for every member of the account', async () => {
    const { c, accountId } = await setup();
    const created = await c.post('/groups', { name: '  Design team ' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      name: 'Design team',
      account_id: accountId,
      account_name: expect.any(String),
      user_ids: [],
      member_count: 0,
      created_at: expect.any(String),
      permissions: { canEdit: true, canDelete: true },
    });
    await createGroup(c, 'agency');
    await createGroup(c, 'Marketing');

    expect(names(await c.get('/groups/list'))).toEqual(['agency', 'Design team', 'Marketing']);
    const member = await env().signIn(await env().factories.member(accountId));
    const seen = await member.get('/groups/list');
    expect(seen.status).toBe(200);
    expect(names(seen)).toEqual(['agency', 'Design team', 'Marketing']);
    expect(seen.body.data[0].permissions).toEqual({ canEdit: false, canDelete: false });
    expect((await member.get(`/groups/${created.body.data.id}`)).body.data.name).toBe('Design team');

    expect(await eventsOf(created.body.data.id)).toEqual([{ type: 'group:create', data: { name: 'Design team' } }]);
  });

  it('lets a plain member list but not create, rename, delete or change members (403)', async () => {
    const { c, accountId } = await setup();
    const id = await createGroup(c, 'Design');
    const user = await env().factories.member(accountId);
    const member = await env().signIn(user);
    for (const res of [
      await member.post('/groups', { name: 'Mine' }),
      await member.put(`/groups/${id}`, { name: 'Renamed' }),
      await member.delete(`/groups/${id}`),
      await member.put(`/groups/${id}/members`, { user_ids: [user.id] }),
    ]) {
      expectRefused(res, 403);
    }
    expect((await c.get(`/groups/${id}`)).body.data).toMatchObject({ name: 'Design', user_ids: [] });
    expect(names(await c.get('/groups/list'))).toEqual(['Design']);
  });

  it('lets a super user manage groups', async () => {
    const { accountId } = await setup();
    const superUser = await env().signIn(await env().factories.member(accountId, 'SUPER_USER'));
    const id = await createGroup(superUser, 'Managed by super user');
    expect((await superUser.put(`/groups/${id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await superUser.delete(`/groups/${id}`)).status).toBe(200);
  });

  it('refuses a name used by another group of the account (409, case-insensitively) but not of another account', async () => {
    const { c } = await setup();
    const design = await createGroup(c, 'Design');
    const agency = await createGroup(c, 'Agency');
    const dup = await c.post('/groups', { name: 'design' });
    expectRefused(dup, 409, ['name']);
    expect(dup.body.error).toBe('A group with this name already exists');
    expectRefused(await c.put(`/groups/${agency}`, { name: 'DESIGN' }), 409, ['name']);
    expect(names(await c.get('/groups/list'))).toEqual(['Agency', 'Design']);

    // Changing the case of its own name is no conflict.
    const recased = await c.patch(`/groups/${design}`, { name: 'DESIGN' });
    expect(recased.status, JSON.stringify(recased.body)).toBe(200);
    expect(recased.body.data.name).toBe('DESIGN');

    const other = await setup();
    expect((await other.c.post('/groups', { name: 'Design' })).status).toBe(201);
  });

  it('renames with PUT (toolkit, with i18n) and PATCH, and records the change', async () => {
    const { c } = await setup();
    const id = await createGroup(c, 'Design');
    const put = await c.put(`/groups/${id}`, { name: 'Brand design', i18n: 'en' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ id, name: 'Brand design' });
    const patch = await c.patch(`/groups/${id}`, { name: 'Studio' });
    expect(patch.body.data.name).toBe('Studio');
    expect((await c.get(`/groups/${id}`)).body.data.name).toBe('Studio');
    expect((await eventsOf(id)).map((e) => [e.type, e.data])).toEqual([
      ['group:create', { name: 'Design' }],
      ['group:rename', { from: 'Design', to: 'Brand design' }],
      ['group:rename', { from: 'Brand design', to: 'Studio' }],
    ]);
  });

  it('refuses bad names and bodies with field messages', async () => {
    const { c } = await setup();
    const id = await createGroup(c, 'Design');
    expectRefused(await c.post('/groups', {}), 400, ['name']);
    expectRefused(await c.post('/groups', { name: '   ' }), 400, ['name']);
    expectRefused(await c.post('/groups', { name: 'x'.repeat(121) }), 400, ['name']);
    expectRefused(await c.post('/groups', { name: 42 }), 400, ['name']);
    expectRefused(await c.post('/groups', { name: 'Ok', colour: 'red' }), 400, ['_']);
    expectRefused(await c.put(`/groups/${id}`, { name: '' }), 400, ['name']);
    expectRefused(await c.put('/groups/abc', { name: 'X' }), 400, ['id']);
    expect(names(await c.get('/groups/list'))).toEqual(['Design']);
  });

  it('answers 404 for groups of another account and unknown groups, and changes nothing', async () => {
    const { c } = await setup();
    const other = await setup();
    const foreign = await createGroup(other.c, 'Theirs');
    const mine = await env().factories.member((await c.get('/account')).body.data.id);
    for (const id of [foreign, 2_000_000_000]) {
      expectRefused(await c.get(`/groups/${id}`), 404);
      expectRefused(await c.put(`/groups/${id}`, { name: 'Stolen' }), 404);
      expectRefused(await c.delete(`/groups/${id}`), 404);
      expectRefused(await c.put(`/groups/${id}/members`, { user_ids: [mine.id] }), 404);
    }
    expect((await other.c.get(`/groups/${foreign}`)).body.data).toMatchObject({ name: 'Theirs', user_ids: [] });
  });

  it('deletes a group with its memberships', async () => {
    const { c, accountId } = await setup();
    const user = await env().factories.member(accountId);
    const id = await createGroup(c, 'Short-lived');
    await c.put(`/groups/${id}/members`, { user_ids: [user.id] });
    const res = await c.delete(`/groups/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id });
    expect((await c.get('/groups/list')).body.data).toEqual([]);
    expectRefused(await c.delete(`/groups/${id}`), 404);
    const rows = await env().started.database.db.select().from(userGroupMembers).where(eq(userGroupMembers.groupId, id));
    expect(rows).toEqual([]);
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['group:create', 'group:members', 'group:delete']);
  });

  /* ---------- members ---------- */

  it('sets the members with user_ids, and adds and removes with the toolkit selection and delta', async () => {
    const { c, accountId, owner } = await setup();
    const [a, b, d] = [
      await env().factories.member(accountId),
      await env().factories.member(accountId),
      await env().factories.member(accountId),
    ];
    const id = await createGroup(c, 'Design');

    const set = await c.put(`/groups/${id}/members`, { user_ids: [b.id, a.id, a.id] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ user_ids: [a.id, b.id].sort((x, y) => x - y), member_count: 2 });

    // The toolkit's user list sends the selection and the delta against what it saved; the delta is applied.
    const delta = await c.put(`/groups/${id}/members`, {
      selection: { users: [b.id, d.id], groups: [] },
      selectionDelta: { add: { users: [d.id], groups: [] }, remove: { users: [a.id], groups: [] } },
      i18n: 'en',
    });
    expect(delta.status, JSON.stringify(delta.body)).toBe(200);
    expect(delta.body.data.user_ids).toEqual([b.id, d.id].sort((x, y) => x - y));

    // A selection without a delta is the whole list.
    const selection = await c.put(`/groups/${id}/members`, { selection: { users: [owner.id] } });
    expect(selection.body.data.user_ids).toEqual([owner.id]);
    expect((await c.get('/groups/list')).body.data[0]).toMatchObject({ user_ids: [owner.id], member_count: 1 });

    const emptied = await c.put(`/groups/${id}/members`, { user_ids: [] });
    expect(emptied.body.data).toMatchObject({ user_ids: [], member_count: 0 });
    const recorded = (await eventsOf(id)).filter((e) => e.type === 'group:members');
    expect(recorded).toHaveLength(4);
    expect(recorded[1]?.data).toEqual({ added: [d.id], removed: [a.id] });
  });

  it('refuses users who are not in the account (400) and keeps the members as they were', async () => {
    const { c, accountId } = await setup();
    const inside = await env().factories.member(accountId);
    const other = await env().factories.account();
    const id = await createGroup(c, 'Design');
    await c.put(`/groups/${id}/members`, { user_ids: [inside.id] });

    const res = await c.put(`/groups/${id}/members`, { user_ids: [inside.id, other.owner.id, 2_000_000_000] });
    expectRefused(res, 400, ['user_ids']);
    expect(res.body.errors.user_ids[0]).toBe(`Not members of this account: ${other.owner.id}, 2000000000`);
    const viaDelta = await c.put(`/groups/${id}/members`, {
      selection: { users: [inside.id, other.owner.id] },
      selectionDelta: { add: { users: [other.owner.id] }, remove: { users: [] } },
    });
    expectRefused(viaDelta, 400, ['selectionDelta']);
    expect((await c.get(`/groups/${id}`)).body.data.user_ids).toEqual([inside.id]);
  });

  it('refuses malformed member bodies', async () => {
    const { c, accountId } = await setup();
    const user = await env().factories.member(accountId);
    const id = await createGroup(c, 'Design');
    const other = await createGroup(c, 'Other');
    expectRefused(await c.put(`/groups/${id}/members`, {}), 400, ['user_ids']);
    expectRefused(await c.put(`/groups/${id}/members`, { user_ids: 'all' }), 400, ['user_ids']);
    expectRefused(await c.put(`/groups/${id}/members`, { user_ids: [0] }), 400, ['user_ids.0']);
    expectRefused(await c.put(`/groups/${id}/members`, { user_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }), 400, ['user_ids']);
    expectRefused(await c.put(`/groups/${id}/members`, { selection: { users: [user.id], groups: [other] } }), 400, ['selection']);
    expectRefused(await c.put(`/groups/${id}/members`, { user_ids: [user.id], extra: true }), 400, ['_']);
    expect((await c.get(`/groups/${id}`)).body.data.user_ids).toEqual([]);
  });

  it('takes a person who leaves the account out of its groups', async () => {
    const { c, accountId } = await setup();
    const user = await env().factories.member(accountId);
    const stays = await env().factories.member(accountId);
    const id = await createGroup(c, 'Design');
    await c.put(`/groups/${id}/members`, { user_ids: [user.id, stays.id] });
    expect((await c.delete(`/account/users/${user.id}`)).status).toBe(200);
    expect((await c.get(`/groups/${id}`)).body.data).toMatchObject({ user_ids: [stays.id], member_count: 1 });
  });

  /* ---------- other surfaces ---------- */

  it('answers the groups over GraphQL and /v1 with a token', async () => {
    const { c, accountId } = await setup();
    const user = await env().factories.member(accountId);
    const id = await createGroup(c, 'Design');
    await c.put(`/groups/${id}/members`, { user_ids: [user.id] });
    const gql = await c.graphql('{ userGroups { id name memberCount userIds } }');
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.userGroups).toEqual([
      {
        id: Buffer.from(JSON.stringify({ identifier: id, type: 'UserGroup' })).toString('base64'),
        name: 'Design',
        memberCount: 1,
        userIds: [Buffer.from(JSON.stringify({ identifier: user.id, type: 'User' })).toString('base64')],
      },
    ]);

    const token = (await c.post('/user/tokens', { name: 'groups' })).body.data.token;
    const bearer = new Client(env().base, { prefix: '/v1', bearer: token });
    expect(names(await bearer.get('/groups/list'))).toEqual(['Design']);
  });

  it('offers the groups admin section in the navigation only with the flag', async () => {
    const withFlag = await setup();
    const without = await setup([]);
    const sections = async (c: Client) => (await c.get('/navigation/user')).body.data.sections.map((s: { id: string }) => s.id);
    expect(await sections(withFlag.c)).toContain('groups');
    expect(await sections(without.c)).not.toContain('groups');
    const member = await env().signIn(await env().factories.member(withFlag.accountId));
    expect(await sections(member)).not.toContain('groups');
  });

  it('needs a signed-in user', async () => {
    expectRefused(await env().anon().get('/groups/list'), 401);
    expectRefused(await env().anon().post('/groups', { name: 'X' }), 401);
  });
});
