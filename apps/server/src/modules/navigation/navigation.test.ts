import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';

forEachBackend('user navigation', (env) => {
  it('gives an admin the account, the brands (favourites first) and the admin sections', async () => {
    const { owner, accountId } = await env().factories.account({ name: 'Nav Co' });
    for (const name of ['Beta', 'alpha', 'Gamma']) await env().factories.brand(owner.actor, name);
    const c = await env().signIn(owner);
    const gamma = (await c.get('/brand')).body.data.find((b: { name: string }) => b.name === 'Gamma');
    await c.put(`/brand/${gamma.id}/favourite`);

    const res = await c.get('/navigation/user');
    expect(res.status).toBe(200);
    expect(res.body.data.account).toEqual({ id: accountId, name: 'Nav Co' });
    expect(res.body.data.is_admin).toBe(true);
    expect(res.body.data.brands.map((b: { name: string; is_favourite: boolean }) => [b.name, b.is_favourite])).toEqual([
      ['Gamma', true],
      ['alpha', false],
      ['Beta', false],
    ]);
    expect(res.body.data.sections).toEqual([
      { id: 'dashboard', path: '/' },
      { id: 'usage', path: '/usage' },
      { id: 'users', path: '/admin/users' },
    ]);
  });

  it('gives a MEMBER no admin sections', async () => {
    const { accountId } = await env().factories.account();
    const member = await env().factories.member(accountId, 'MEMBER');
    const data = (await (await env().signIn(member)).get('/navigation/user')).body.data;
    expect(data.is_admin).toBe(false);
    expect(data.brands).toEqual([]);
    expect(data.sections).toEqual([
      { id: 'dashboard', path: '/' },
      { id: 'usage', path: '/usage' },
    ]);
  });

  it('needs a signed-in user', async () => {
    const res = await env().anon().get('/navigation/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Not signed in', errors: {} });
  });
});
