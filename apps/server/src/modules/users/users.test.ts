import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';

const md5 = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

forEachBackend('user info', (env) => {
  it('describes the signed-in user with role, organization and permissions', async () => {
    const { owner, accountId } = await env().factories.account({ name: 'Info Co' });
    const res = await (await env().signIn(owner)).get('/user/info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: owner.id,
        name: 'Olive Owner',
        email: owner.email,
        email_verified_at: null,
        pending_email: null,
        language: 'en',
        avatar: null,
        gravatar_hash: md5(owner.email),
        created_at: expect.any(String),
        role: 'OWNER',
        organization: { id: accountId, name: 'Info Co' },
        permissions: { analyticsDashboard: { canView: true } },
      },
    });
  });

  it('a MEMBER may not view the analytics dashboard', async () => {
    const { accountId } = await env().factories.account();
    const member = await env().factories.member(accountId, 'MEMBER');
    const data = (await (await env().signIn(member)).get('/user/info')).body.data;
    expect(data.role).toBe('MEMBER');
    expect(data.permissions).toEqual({ analyticsDashboard: { canView: false } });
  });

  it('describes another user of the same account', async () => {
    const { owner, accountId } = await env().factories.account({ name: 'Colleagues Co' });
    const colleague = await env().factories.member(accountId, 'SUPER_USER');
    const res = await (await env().signIn(owner)).get(`/user/info/${colleague.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: colleague.id,
      name: 'Mia SUPER_USER',
      email: colleague.email,
      role: 'SUPER_USER',
      organization: 'Colleagues Co',
      preview_url_without_placeholder: null,
      gravatar_hash: md5(colleague.email),
    });
  });

  it('a user of another account, or nobody, is not found', async () => {
    const { owner } = await env().factories.account();
    const { owner: stranger } = await env().factories.account();
    const c = await env().signIn(owner);
    for (const id of [stranger.id, 2_000_000_000]) {
      const res = await c.get(`/user/info/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Not found', errors: {} });
    }
  });

  it('refuses ids that are not positive whole numbers with 400', async () => {
    const { owner } = await env().factories.account();
    const c = await env().signIn(owner);
    for (const id of ['abc', '0', '-3', '99999999999']) {
      const res = await c.get(`/user/info/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error).toBe('Validation failed');
      expect(Object.keys(res.body.errors)).toEqual(['userId']);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await env().anon().get('/user/info')).status).toBe(401);
    expect((await env().anon().get('/user/info/1')).status).toBe(401);
  });
});
