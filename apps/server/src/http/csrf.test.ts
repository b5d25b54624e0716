import { expect, it } from 'vitest';
import { Client, forEachBackend } from '../test/harness.js';

const INVALID_CSRF = { success: false, error: 'Invalid CSRF token', errors: {} };

forEachBackend('CSRF and who the caller is', (env) => {
  /** A signed-in owner with one brand. */
  const setup = async () => {
    const { owner } = await env().factories.account();
    const c = await env().signIn(owner);
    const brand = (await c.post('/brand', { name: 'Original' })).body.data;
    return { owner, c, brand };
  };
  const withoutToken = { csrf: false } as const;
  const wrongToken = { csrf: false, headers: { 'x-csrf-token': 'A'.repeat(43) } } as const;

  it('refuses POST, PUT, PATCH and DELETE with a session but without X-CSRF-Token (403), changing nothing', async () => {
    const { c, brand } = await setup();
    const attempts = [
      await c.post('/brand', { name: 'Forged' }, withoutToken),
      await c.patch(`/brand/${brand.id}`, { name: 'Forged' }, withoutToken),
      await c.put(`/brand/${brand.id}/favourite`, undefined, withoutToken),
      await c.delete(`/brand/${brand.id}`, withoutToken),
      await c.post('/user/tokens', { name: 'Forged' }, withoutToken),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(INVALID_CSRF);
    }
    const list = (await c.get('/brand')).body.data;
    expect(list).toEqual([expect.objectContaining({ id: brand.id, name: 'Original', is_favourite: false })]);
    expect((await c.get('/user/tokens')).body.data).toEqual([]);
  });

  it('refuses a wrong X-CSRF-Token, and the token of another session of the same user', async () => {
    const { owner, c, brand } = await setup();
    expect((await c.post('/brand', { name: 'Forged' }, wrongToken)).body).toEqual(INVALID_CSRF);

    const otherTab = await env().signIn(owner);
    expect(otherTab.csrf).not.toBe(c.csrf);
    const crossed = await c.patch(
      `/brand/${brand.id}`,
      { name: 'Forged' },
      { csrf: false, headers: { 'x-csrf-token': otherTab.csrf ?? '' } },
    );
    expect(crossed.status).toBe(403);
    expect((await c.get(`/brand/${brand.id}`)).body.data.name).toBe('Original');
    // With the right token the same call goes through.
    expect((await c.patch(`/brand/${brand.id}`, { name: 'Renamed' })).status).toBe(200);
  });

  it('signing out needs the token too', async () => {
    const { c } = await setup();
    expect((await c.post('/auth/logout', undefined, withoutToken)).body).toEqual(INVALID_CSRF);
    expect((await c.get('/user/info')).status).toBe(200);
  });

  it('GET needs no token', async () => {
    const { c, brand } = await setup();
    c.csrf = null;
    expect((await c.get(`/brand/${brand.id}`)).status).toBe(200);
    expect((await c.get('/auth/session')).body.data.csrfToken).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{43}$/));
  });

  it('a Bearer token on /v1 needs no CSRF token and ignores a session cookie', async () => {
    const { c } = await setup();
    const token = (await c.post('/user/tokens', { name: 'api' })).body.data.token;
    const api = new Client(env().base, { prefix: '/v1', bearer: token });
    api.cookie = c.cookie;
    const res = await api.post('/brand', { name: 'Via API' });
    expect(res.status).toBe(201);
    expect((await api.delete(`/brand/${res.body.data.id}`)).status).toBe(200);
  });

  it('refuses sign-in and every other cookie-less POST, PUT, PATCH and DELETE from Origin: null (a sandboxed page), setting no cookie', async () => {
    const { owner } = await env().factories.account();
    const credentials = { email: owner.email, password: owner.password };
    const fromNull = { headers: { origin: 'null' } } as const;
    const anon = env().anon();
    const login = await anon.post('/auth/login', credentials, fromNull);
    expect(login.status).toBe(403);
    expect(login.body).toEqual(INVALID_CSRF);
    expect(login.headers.getSetCookie().filter((v) => v.startsWith('emblem_session=') && !v.startsWith('emblem_session=;'))).toEqual([]);
    expect(anon.cookie).toBeNull();

    const attempts = [
      await anon.post('/auth/invitation/accept', { token: 'x'.repeat(43), name: 'Mallory', password: 'long enough password' }, fromNull),
      await anon.post('/user/email-verification', { email_verification_token: 'x'.repeat(43) }, fromNull),
      await anon.post('/auth/logout', undefined, fromNull),
      await anon.post('/brand', { name: 'Forged' }, fromNull),
      await anon.put('/user/profile', { name: 'Forged' }, fromNull),
      await anon.patch('/brand/1', { name: 'Forged' }, fromNull),
      await anon.delete('/brand/1', fromNull),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(INVALID_CSRF);
    }

    // From this site, and from clients that send no Origin at all, sign-in works as before.
    expect(
      (
        await env()
          .anon()
          .post('/auth/login', credentials, { headers: { origin: env().base } })
      ).status,
    ).toBe(200);
    expect((await env().anon().post('/auth/login', credentials)).status).toBe(200);
  });

  it('a Bearer token on /v1 is not affected by Origin: null', async () => {
    const { c } = await setup();
    const token = (await c.post('/user/tokens', { name: 'api' })).body.data.token;
    const api = new Client(env().base, { prefix: '/v1', bearer: token });
    const res = await api.post('/brand', { name: 'Via API' }, { headers: { origin: 'null' } });
    expect(res.status).toBe(201);
    expect((await api.delete(`/brand/${res.body.data.id}`, { headers: { origin: 'null' } })).status).toBe(200);
  });

  it('API paths that end like a file name (GET /api/user/info/1.5) still carry the session: 400, not 401', async () => {
    const { c } = await setup();
    const res = await c.get('/user/info/1.5');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation failed');
  });
});
