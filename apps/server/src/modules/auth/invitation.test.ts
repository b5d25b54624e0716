import { expect, it } from 'vitest';
import { type Client, forEachBackend } from '../../test/harness.js';

const NEW_PASSWORD = 'a-brand-new-password';

forEachBackend('invitations', (env) => {
  /** An owner of a fresh account invites `email`; returns the one-time token from the invitation link. */
  const invite = async (email: string, role = 'MEMBER') => {
    const { owner, accountId } = await env().factories.account({ name: 'Inviting Co' });
    const admin = await env().signIn(owner);
    const res = await admin.post('/account/users/invite', { email, role });
    expect(res.status).toBe(201);
    const url: string = res.body.data.invitation_url;
    expect(url).toMatch(/\/auth\/invitation\/[A-Za-z0-9_-]{43}$/);
    return { admin, accountId, userId: res.body.data.user.id as number, token: url.split('/').pop() as string };
  };
  const accept = (c: Client, token: string, name = 'Nina New') =>
    c.post('/auth/invitation/accept', { token, name, password: NEW_PASSWORD });

  it('describes an open invitation to anyone holding the link', async () => {
    const { token } = await invite('nina@example.com');
    const res = await env().anon().get(`/auth/invitation/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { email: 'nina@example.com', account_name: 'Inviting Co' } });
  });

  it('accepting sets name and password and signs the new member in', async () => {
    const { token, userId, accountId } = await invite('nora@example.com', 'SUPER_USER');
    const c = env().anon();
    const res = await accept(c, token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      user: { id: userId, name: 'Nina New', email: 'nora@example.com' },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(res.headers.getSetCookie().find((v) => v.startsWith('emblem_session='))).toMatch(/HttpOnly/i);
    c.csrf = res.body.data.csrfToken;

    const session = (await c.get('/auth/session')).body.data;
    expect(session.user).toMatchObject({ id: userId, name: 'Nina New', email: 'nora@example.com' });
    expect(session.account).toMatchObject({ id: accountId, role: 'SUPER_USER', is_admin: true });
    expect(session.csrfToken).toBe(res.body.data.csrfToken);

    // The password chosen works for later sign-ins.
    expect((await env().anon().post('/auth/login', { email: 'nora@example.com', password: NEW_PASSWORD })).status).toBe(200);
  });

  it('the member list shows the person as invited, then active', async () => {
    const { admin, token, userId } = await invite('ivy@example.com');
    const status = async () => (await admin.get('/account/users')).body.data.find((u: { id: number }) => u.id === userId)?.status;
    expect(await status()).toBe('invited');
    await accept(env().anon(), token);
    expect(await status()).toBe('active');
  });

  it('a used token is refused with 404, both to describe and to accept again', async () => {
    const { token } = await invite('once@example.com');
    expect((await accept(env().anon(), token)).status).toBe(200);

    const again = await accept(env().anon(), token, 'Mallory');
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, error: 'This invitation is invalid or has expired', errors: {} });
    expect(again.headers.getSetCookie().some((v) => v.startsWith('emblem_session='))).toBe(false);
    expect((await env().anon().get(`/auth/invitation/${token}`)).status).toBe(404);
    // The first acceptance stands: the name was not overwritten.
    const signedIn = await env().anon().post('/auth/login', { email: 'once@example.com', password: NEW_PASSWORD });
    expect(signedIn.body.data.user.name).toBe('Nina New');
  });

  it('removing an invited person voids their link; inviting them again gives a new one', async () => {
    const { admin, token, userId } = await invite('twice@example.com');
    expect((await admin.delete(`/account/users/${userId}`)).status).toBe(200);
    const second = await admin.post('/account/users/invite', { email: 'twice@example.com' });
    expect(second.status).toBe(201);
    expect((await env().anon().get(`/auth/invitation/${token}`)).status).toBe(404);
    const fresh = (second.body.data.invitation_url as string).split('/').pop() as string;
    expect((await env().anon().get(`/auth/invitation/${fresh}`)).status).toBe(200);
  });

  it('refuses unknown and malformed tokens and bad acceptance bodies', async () => {
    const unknown = 'x'.repeat(43);
    expect((await env().anon().get(`/auth/invitation/${unknown}`)).status).toBe(404);
    expect((await accept(env().anon(), unknown)).status).toBe(404);

    const short = await env().anon().get('/auth/invitation/short');
    expect(short.status).toBe(400);
    expect(Object.keys(short.body.errors)).toEqual(['token']);

    const { token } = await invite('weak@example.com');
    const weak = await env().anon().post('/auth/invitation/accept', { token, name: 'Wendy', password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ success: false, error: 'Validation failed', errors: { password: ['Must be at least 10 characters'] } });
    const noName = await env().anon().post('/auth/invitation/accept', { token, password: NEW_PASSWORD });
    expect(noName.body.errors).toEqual({ name: ['Is required'] });
    // Refused attempts did not use the invitation up.
    expect((await env().anon().get(`/auth/invitation/${token}`)).status).toBe(200);
  });

  it('never sets the password of someone who has one: a second account’s link stops working once the first is accepted', async () => {
    const first = await invite('twoaccounts@example.com');
    const second = await invite('twoaccounts@example.com');
    expect(second.userId).toBe(first.userId);
    expect((await accept(env().anon(), first.token)).status).toBe(200);
    const again = await env()
      .anon()
      .post('/auth/invitation/accept', { token: second.token, name: 'Mallory', password: 'mallory-password' });
    expect(again.status).toBe(404);
    expect((await env().anon().get(`/auth/invitation/${second.token}`)).status).toBe(404);
    expect((await env().anon().post('/auth/login', { email: 'twoaccounts@example.com', password: 'mallory-password' })).status).toBe(401);
    const signedIn = await env().anon().post('/auth/login', { email: 'twoaccounts@example.com', password: NEW_PASSWORD });
    expect(signedIn.body.data.user.name).toBe('Nina New');
  });
});
