import { createHash } from 'node:crypto';
import type { AccountRole } from '@emblem/core';
import { expect, it } from 'vitest';
import { type Client, forEachBackend } from '../../test/harness.js';

const refusal = (error: string, errors: Record<string, string[]> = {}) => ({ success: false, error, errors });

forEachBackend('account users', (env) => {
  /** An account with a signed-in owner; `as(role)` adds and signs in another member. */
  const account = async () => {
    const { owner, accountId } = await env().factories.account();
    const as = async (role: AccountRole) => {
      const user = await env().factories.member(accountId, role);
      return { user, c: await env().signIn(user) };
    };
    return { owner, accountId, admin: await env().signIn(owner), as };
  };
  const roleOf = async (c: Client, userId: number) =>
    (await c.get('/account/users')).body.data.find((u: { id: number }) => u.id === userId)?.role;

  it('lists the members of the account for admins', async () => {
    const { owner, admin, as } = await account();
    const { user: member } = await as('MEMBER');
    const res = await admin.get('/account/users');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: member.id,
        name: 'Mia MEMBER',
        email: member.email,
        role: 'MEMBER',
        status: 'active',
        gravatar_hash: createHash('md5').update(member.email).digest('hex'),
        avatar: null,
        created_at: expect.any(String),
        invitation: null,
      },
      expect.objectContaining({ id: owner.id, name: 'Olive Owner', role: 'OWNER', status: 'active' }),
    ]);
    const { c: superUser } = await as('SUPER_USER');
    expect((await superUser.get('/account/users')).body.data).toHaveLength(3);
  });

  it('refuses the member list and every member change to a MEMBER (403)', async () => {
    const { owner, as } = await account();
    const { c } = await as('MEMBER');
    const calls = [
      c.get('/account/users'),
      c.post('/account/users/invite', { email: 'friend@example.com', role: 'MEMBER' }),
      c.patch(`/account/users/${owner.id}`, { role: 'MEMBER' }),
      c.delete(`/account/users/${owner.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refusal('Only account admins may do this'));
    }
  });

  it('invites a new person (201, status invited) and refuses a duplicate with 409', async () => {
    const { admin } = await account();
    const res = await admin.post('/account/users/invite', { email: 'Newbie@Example.com', role: 'SUPER_USER' });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toEqual({
      id: expect.any(Number),
      name: null,
      email: 'newbie@example.com',
      role: 'SUPER_USER',
      status: 'invited',
      gravatar_hash: createHash('md5').update('newbie@example.com').digest('hex'),
      avatar: null,
      created_at: expect.any(String),
      invitation: { sent_at: expect.any(String), expires_at: res.body.data.expires_at, expired: false },
    });
    expect(res.body.data.invitation_url).toMatch(/^https?:\/\/.+\/auth\/invitation\/[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.email_sent).toBe(true);
    // The link works 14 days.
    const days = (Date.parse(res.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);
    // The role defaults to MEMBER.
    expect((await admin.post('/account/users/invite', { email: 'plain@example.com' })).body.data.user.role).toBe('MEMBER');

    const dup = await admin.post('/account/users/invite', { email: 'NEWBIE@example.com', role: 'MEMBER' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual(refusal('This person is already a member of the account', { email: ['Is already a member'] }));
    expect((await admin.get('/account/users')).body.data).toHaveLength(3);
  });

  it('refuses to invite an existing member, or with a bad e-mail or role (400)', async () => {
    const { owner, admin } = await account();
    expect((await admin.post('/account/users/invite', { email: owner.email })).status).toBe(409);
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ role: 'MEMBER' }, 'email'],
      [{ email: 'ok@example.com', role: 'ADMIN' }, 'role'],
      [{ email: 'ok@example.com', name: 'Extra' }, '_'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/account/users/invite', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
  });

  it('only an owner invites someone as OWNER', async () => {
    const { admin, as } = await account();
    const { c: superUser } = await as('SUPER_USER');
    const res = await superUser.post('/account/users/invite', { email: 'boss@example.com', role: 'OWNER' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refusal('Only owners may grant or take the owner role'));
    expect((await admin.post('/account/users/invite', { email: 'boss@example.com', role: 'OWNER' })).status).toBe(201);
  });

  it('changes the role of a member', async () => {
    const { admin, as } = await account();
    const { user, c } = await as('MEMBER');
    const res = await admin.patch(`/account/users/${user.id}`, { role: 'SUPER_USER' });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: user.id, role: 'SUPER_USER', status: 'active' });
    expect(await roleOf(admin, user.id)).toBe('SUPER_USER');
    // The new role applies to the member's live session.
    expect((await c.get('/auth/session')).body.data.account).toMatchObject({ role: 'SUPER_USER', is_admin: true });
  });

  it('only an owner grants or takes the OWNER role; a SUPER_USER trying gets 403', async () => {
    const { owner, admin, as } = await account();
    const { c: superUser } = await as('SUPER_USER');
    const { user: member } = await as('MEMBER');

    for (const res of [
      await superUser.patch(`/account/users/${member.id}`, { role: 'OWNER' }),
      await superUser.patch(`/account/users/${owner.id}`, { role: 'MEMBER' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refusal('Only owners may grant or take the owner role'));
    }
    expect(await roleOf(admin, member.id)).toBe('MEMBER');
    expect(await roleOf(admin, owner.id)).toBe('OWNER');

    // A SUPER_USER still manages the other roles.
    expect((await superUser.patch(`/account/users/${member.id}`, { role: 'SUPER_USER' })).status).toBe(200);
    expect((await admin.patch(`/account/users/${member.id}`, { role: 'OWNER' })).status).toBe(200);
  });

  it('keeps the last owner: demoting them is refused with 409, with a second owner it works', async () => {
    const { owner, admin, as } = await account();
    const res = await admin.patch(`/account/users/${owner.id}`, { role: 'MEMBER' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(refusal('The account needs at least one owner', { role: ['The last owner keeps the owner role'] }));
    expect(await roleOf(admin, owner.id)).toBe('OWNER');

    const { user: second } = await as('OWNER');
    expect((await admin.patch(`/account/users/${owner.id}`, { role: 'MEMBER' })).status).toBe(200);
    expect(await roleOf(await env().signIn(second), owner.id)).toBe('MEMBER');
  });

  it('refuses role changes of unknown users (404) and bad bodies (400)', async () => {
    const { admin, as } = await account();
    const { owner: stranger } = await env().factories.account();
    expect((await admin.patch(`/account/users/${stranger.id}`, { role: 'MEMBER' })).status).toBe(404);
    const { user } = await as('MEMBER');
    const bad = await admin.patch(`/account/users/${user.id}`, { role: 'KING' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(refusal('Validation failed', { role: ['Must be one of OWNER, SUPER_USER, MEMBER'] }));
    expect((await admin.patch('/account/users/abc', { role: 'MEMBER' })).status).toBe(400);
  });

  it('removes a member, whose session then stops working', async () => {
    const { admin, as } = await account();
    const { user, c } = await as('MEMBER');
    const res = await admin.delete(`/account/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: user.id } });
    expect(await roleOf(admin, user.id)).toBeUndefined();
    expect((await c.get('/user/info')).status).toBe(401);
    expect((await admin.delete(`/account/users/${user.id}`)).status).toBe(404);
  });

  it('refuses to remove yourself (403), an owner as SUPER_USER (403), or someone of another account (404)', async () => {
    const { owner, admin, as } = await account();
    const self = await admin.delete(`/account/users/${owner.id}`);
    expect(self.status).toBe(403);
    expect(self.body).toEqual(refusal('You cannot remove yourself'));

    const { c: superUser } = await as('SUPER_USER');
    const byAdmin = await superUser.delete(`/account/users/${owner.id}`);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toEqual(refusal('Only owners may remove an owner'));

    const { owner: stranger } = await env().factories.account();
    expect((await admin.delete(`/account/users/${stranger.id}`)).status).toBe(404);
    expect((await admin.get('/account/users')).body.data).toHaveLength(2);
  });
});
