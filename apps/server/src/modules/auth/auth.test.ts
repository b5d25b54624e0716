import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';

forEachBackend('sign-in and sessions', (env) => {
  it('signs in, returns the CSRF token and sets an HttpOnly SameSite=Lax cookie', async () => {
    const { owner } = await env().factories.account();
    const c = env().anon();
    const res = await c.post('/auth/login', { email: owner.email.toUpperCase(), password: owner.password });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toEqual({ id: owner.id, name: 'Olive Owner', email: owner.email });
    expect(res.body.data.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.headers.getSetCookie().find((v) => v.startsWith('emblem_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const session = await c.get('/auth/session');
    expect(session.body.data.user.email).toBe(owner.email);
    expect(session.body.data.csrfToken).toBe(res.body.data.csrfToken);
    expect(session.body.data.account.is_admin).toBe(true);
  });

  it('refuses a wrong password or unknown e-mail with 401 "Invalid email or password"', async () => {
    const { owner } = await env().factories.account();
    for (const body of [
      { email: owner.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: owner.password },
    ]) {
      const res = await env().anon().post('/auth/login', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: 'Invalid email or password', errors: {} });
    }
  });

  it('answers the anonymous session with nulls', async () => {
    const res = await env().anon().get('/auth/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { user: null, csrfToken: null, account: null } });
  });
});

