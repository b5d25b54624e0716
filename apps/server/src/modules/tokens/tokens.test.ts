import { expect, it } from 'vitest';
import { Client, forEachBackend } from '../../test/harness.js';

const refusal = (error: string, errors: Record<string, string[]> = {}) => ({ success: false, error, errors });

forEachBackend('personal API tokens', (env) => {
  const bearer = (token: string) => new Client(env().base, { prefix: '/v1', bearer: token });
  /** A signed-in owner with one fresh token. */
  const ownerWithToken = async (name = 'CI pipeline') => {
    const { owner, accountId } = await env().factories.account();
    const session = await env().signIn(owner);
    const created = await session.post('/user/tokens', { name });
    expect(created.status).toBe(201);
    return { owner, accountId, session, created: created.body.data, api: bearer(created.body.data.token) };
  };

  it('creates a token of 256 random bits, shown once with its prefix', async () => {
    const { created, session } = await ownerWithToken();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'CI pipeline',
      token: expect.stringMatching(/^emb_[A-Za-z0-9_-]{43}$/),
      prefix: created.token.slice(0, 10),
      created_at: expect.any(String),
    });
    expect(Buffer.from(created.token.slice(4), 'base64url')).toHaveLength(32);
    const another = (await session.post('/user/tokens', { name: 'CI pipeline' })).body.data;
    expect(another.token).not.toBe(created.token);
  });

  it('lists tokens without the secret', async () => {
    const { created, session } = await ownerWithToken('Deploy bot');
    const res = await session.get('/user/tokens');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: created.id, name: 'Deploy bot', prefix: created.prefix, created_at: created.created_at, last_used_at: null },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(created.token);
  });

  it('authenticates /v1 with Bearer, statelessly and without CSRF, and records the last use', async () => {
    const { owner, created, session, api } = await ownerWithToken();
    const info = await api.get('/user/info');
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ id: owner.id, email: owner.email, role: 'OWNER' });
    expect(info.headers.getSetCookie()).toEqual([]);

    const brand = await api.post('/brand', { name: 'Made by a token' });
    expect(brand.status).toBe(201);
    const names = (await session.get('/brand')).body.data.map((b: { name: string }) => b.name);
    expect(names).toContain('Made by a token');

    const listed = (await session.get('/user/tokens')).body.data.find((t: { id: number }) => t.id === created.id);
    expect(listed.last_used_at).toEqual(expect.any(String));
  });

  it('acts with the role of its user: a MEMBER token cannot create brands', async () => {
    const { accountId } = await env().factories.account();
    const member = await env().signIn(await env().factories.member(accountId, 'MEMBER'));
    const { token } = (await member.post('/user/tokens', { name: 'mine' })).body.data;
    const res = await bearer(token).post('/brand', { name: 'Nope' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Only account admins may create brands');
  });

  it('refuses a Bearer token on /api paths with 401', async () => {
    const { created } = await ownerWithToken();
    const res = await new Client(env().base, { bearer: created.token }).get('/api/user/info');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(refusal('API tokens are accepted on /v1 paths: use /v1/user/info'));
  });

  it('refuses /v1 without a token, with a session cookie only, or with an unknown token', async () => {
    const { session } = await ownerWithToken();
    expect((await env().anon().get('/v1/user/info')).body).toEqual(refusal('Not signed in'));

    const cookieOnV1 = new Client(env().base, { prefix: '/v1' });
    cookieOnV1.cookie = session.cookie;
    expect((await cookieOnV1.get('/user/info')).status).toBe(401);

    for (const token of [`emb_${'A'.repeat(43)}`, 'not-a-token']) {
      const res = await bearer(token).get('/user/info');
      expect(res.status).toBe(401);
      expect(res.body).toEqual(refusal('Invalid API token'));
    }
    const basic = await env()
      .anon()
      .get('/v1/user/info', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
  });

  it('a revoked token stops working at once and leaves the list', async () => {
    const { created, session, api } = await ownerWithToken();
    expect((await api.get('/user/info')).status).toBe(200);

    const res = await session.delete(`/user/tokens/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: created.id } });

    const after = await api.get('/user/info');
    expect(after.status).toBe(401);
    expect(after.body).toEqual(refusal('Invalid API token'));
    expect((await session.get('/user/tokens')).body.data).toEqual([]);
    expect((await session.delete(`/user/tokens/${created.id}`)).status).toBe(404);
  });

  it("cannot delete another user's token (404), which keeps working", async () => {
    const victim = await ownerWithToken();
    const { session: attacker } = await ownerWithToken();
    const res = await attacker.delete(`/user/tokens/${victim.created.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(refusal('Not found'));
    expect((await victim.api.get('/user/info')).status).toBe(200);
  });

  it('refuses bad token names and ids', async () => {
    const { session } = await ownerWithToken();
    expect((await session.post('/user/tokens', {})).body).toEqual(refusal('Validation failed', { name: ['Is required'] }));
    expect((await session.post('/user/tokens', { name: '   ' })).body.errors).toEqual({ name: ['Is required'] });
    expect((await session.post('/user/tokens', { name: 'x'.repeat(121) })).body.errors).toEqual({ name: ['Is too long'] });
    const badId = await session.delete('/user/tokens/abc');
    expect(badId.status).toBe(400);
    expect(Object.keys(badId.body.errors)).toEqual(['id']);
    expect((await session.get('/user/tokens')).body.data).toHaveLength(1);
  });

  it('refuses to create, list or revoke tokens with a token (403): a leaked token cannot outlive its revocation', async () => {
    const { session, created, api } = await ownerWithToken('Leaked');
    const other = (await session.post('/user/tokens', { name: 'Other' })).body.data;
    const onlySession = refusal('API tokens can only be managed when signed in, not with an API token');

    const minted = await api.post('/user/tokens', { name: 'Backdoor' });
    expect(minted.status).toBe(403);
    expect(minted.body).toEqual(onlySession);
    const listed = await api.get('/user/tokens');
    expect(listed.status).toBe(403);
    expect(listed.body).toEqual(onlySession);
    for (const id of [created.id, other.id]) {
      const revoked = await api.delete(`/user/tokens/${id}`);
      expect(revoked.status).toBe(403);
      expect(revoked.body).toEqual(onlySession);
    }
    expect((await session.get('/user/tokens')).body.data.map((t: { name: string }) => t.name).sort()).toEqual(['Leaked', 'Other']);
    expect((await bearer(other.token).get('/user/info')).status).toBe(200);

    // Revoking the leaked token with the session leaves its holder nothing.
    expect((await session.delete(`/user/tokens/${created.id}`)).status).toBe(200);
    expect((await api.get('/user/info')).status).toBe(401);
    expect((await session.get('/user/tokens')).body.data.map((t: { name: string }) => t.name)).toEqual(['Other']);
  });

  it('needs a signed-in user to manage tokens', async () => {
    expect((await env().anon().get('/user/tokens')).status).toBe(401);
    expect((await env().anon().post('/user/tokens', { name: 'x' })).status).toBe(401);
  });
});
