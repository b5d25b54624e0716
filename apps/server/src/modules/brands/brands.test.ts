import { expect, it } from 'vitest';
import { type Client, forEachBackend } from '../../test/harness.js';

const refusal = (error: string, errors: Record<string, string[]> = {}) => ({ success: false, error, errors });

forEachBackend('brands', (env) => {
  /** An account with a signed-in owner and a signed-in MEMBER. */
  const team = async () => {
    const { owner, accountId } = await env().factories.account();
    const member = await env().factories.member(accountId, 'MEMBER');
    return { owner, accountId, admin: await env().signIn(owner), member: await env().signIn(member) };
  };
  const create = async (c: Client, name: string) => {
    const res = await c.post('/brand', { name });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const names = async (c: Client) => (await c.get('/brand')).body.data.map((b: { name: string }) => b.name);

  it('creates a brand (201) and reads it back', async () => {
    const { accountId, admin } = await team();
    const res = await admin.post('/brand', { name: '  Acme Corp  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(Number),
        account_id: accountId,
        name: 'Acme Corp',
        slug: 'acme-corp',
        avatar: null,
        is_favourite: false,
        created_at: expect.any(String),
        permissions: { canEdit: true, canDelete: true },
      },
    });
    const got = await admin.get(`/brand/${res.body.data.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(res.body.data);
  });

  it('gives every new brand a free slug: acme, acme-2, acme-3', async () => {
    const { admin } = await team();
    const slugs = [];
    for (const name of ['Acme', 'ACME!', 'acme']) slugs.push((await create(admin, name)).slug);
    expect(slugs).toEqual(['acme', 'acme-2', 'acme-3']);
    // Another account has its own slugs.
    const { admin: otherAdmin } = await team();
    expect((await create(otherAdmin, 'Acme')).slug).toBe('acme');
  });

  it('lists the brands of the account, favourites first, then by name', async () => {
    const { admin, member } = await team();
    const { admin: otherAdmin } = await team();
    await create(otherAdmin, 'Foreign');
    const ids: Record<string, number> = {};
    for (const name of ['banana', 'Cherry', 'apple', 'Date']) ids[name] = (await create(admin, name)).id;

    expect(await names(admin)).toEqual(['apple', 'banana', 'Cherry', 'Date']);

    const fav = await admin.put(`/brand/${ids.Date}/favourite`);
    expect(fav.status).toBe(200);
    expect(fav.body).toEqual({ success: true, data: { id: ids.Date, is_favourite: true } });
    await admin.put(`/brand/${ids.banana}/favourite`);
    const list = (await admin.get('/brand')).body.data;
    expect(list.map((b: { name: string; is_favourite: boolean }) => [b.name, b.is_favourite])).toEqual([
      ['banana', true],
      ['Date', true],
      ['apple', false],
      ['Cherry', false],
    ]);
    expect((await admin.get(`/brand/${ids.Date}`)).body.data.is_favourite).toBe(true);

    // Favourites are personal.
    expect(await names(member)).toEqual(['apple', 'banana', 'Cherry', 'Date']);

    const unfav = await admin.delete(`/brand/${ids.Date}/favourite`);
    expect(unfav.body).toEqual({ success: true, data: { id: ids.Date, is_favourite: false } });
    expect(await names(admin)).toEqual(['banana', 'apple', 'Cherry', 'Date']);
  });

  it('takes ?account_id of the own account, refuses another account with 403', async () => {
    const { accountId, admin } = await team();
    const { accountId: otherId, admin: otherAdmin } = await team();
    await create(admin, 'Mine');
    await create(otherAdmin, 'Theirs');

    const own = await admin.get(`/brand?account_id=${accountId}`);
    expect(own.body.data.map((b: { name: string }) => b.name)).toEqual(['Mine']);

    const res = await admin.get(`/brand?account_id=${otherId}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refusal('You are not a member of this account'));

    expect((await admin.get('/brand?account_id=abc')).status).toBe(400);
    const unknown = await admin.get('/brand?sort=name');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ _: ['Unknown field: sort'] });
  });

  it('a brand of another account does not exist for the caller (404 on every call)', async () => {
    const { admin } = await team();
    const { admin: otherAdmin } = await team();
    const theirs = await create(otherAdmin, 'Theirs');
    const calls = [
      admin.get(`/brand/${theirs.id}`),
      admin.patch(`/brand/${theirs.id}`, { name: 'Hijacked' }),
      admin.delete(`/brand/${theirs.id}`),
      admin.put(`/brand/${theirs.id}/favourite`),
      admin.delete(`/brand/${theirs.id}/favourite`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(refusal('Not found'));
    }
    expect((await otherAdmin.get(`/brand/${theirs.id}`)).body.data.name).toBe('Theirs');
    expect((await admin.get('/brand/2000000000')).status).toBe(404);
  });

  it('renames and re-slugs a brand', async () => {
    const { admin } = await team();
    const brand = await create(admin, 'Old name');
    const res = await admin.patch(`/brand/${brand.id}`, { name: 'New name' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: brand.id, name: 'New name', slug: 'old-name' });

    const slugged = await admin.patch(`/brand/${brand.id}`, { slug: 'fresh-slug' });
    expect(slugged.body.data).toMatchObject({ name: 'New name', slug: 'fresh-slug' });
    // Keeping its own slug is no conflict.
    expect((await admin.patch(`/brand/${brand.id}`, { slug: 'fresh-slug', name: 'Newer' })).status).toBe(200);
    expect((await admin.get(`/brand/${brand.id}`)).body.data).toMatchObject({ name: 'Newer', slug: 'fresh-slug' });
  });

  it('refuses a slug used by another brand of the account with 409', async () => {
    const { admin } = await team();
    await create(admin, 'Taken');
    const brand = await create(admin, 'Other');
    const res = await admin.patch(`/brand/${brand.id}`, { slug: 'taken' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(refusal('This slug is used by another brand', { slug: ['Is used by another brand'] }));
    expect((await admin.get(`/brand/${brand.id}`)).body.data.slug).toBe('other');
  });

  it('refuses invalid updates with 400 and field messages', async () => {
    const { admin } = await team();
    const brand = await create(admin, 'Valid');
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { _: ['Nothing to update'] }],
      [{ slug: 'Not A Slug' }, { slug: ['Use lower-case letters, digits and hyphens'] }],
      [{ slug: 'a'.repeat(61) }, { slug: ['Is too long'] }],
      [{ name: '' }, { name: ['Is required'] }],
      [{ name: 'Fine', colour: 'red' }, { _: ['Unknown field: colour'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await admin.patch(`/brand/${brand.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(refusal('Validation failed', errors));
    }
    expect((await admin.get(`/brand/${brand.id}`)).body.data).toMatchObject({ name: 'Valid', slug: 'valid' });
  });

  it('refuses invalid new brands with 400 and field messages', async () => {
    const { admin } = await team();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['Is required'] }],
      [{ name: '   ' }, { name: ['Is required'] }],
      [{ name: 'x'.repeat(121) }, { name: ['Is too long'] }],
      [{ name: 'Ok', slug: 'ok' }, { _: ['Unknown field: slug'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await admin.post('/brand', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(refusal('Validation failed', errors));
    }
    expect(await names(admin)).toEqual([]);
  });

  it('deletes a brand', async () => {
    const { admin } = await team();
    const brand = await create(admin, 'Doomed');
    const res = await admin.delete(`/brand/${brand.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: brand.id } });
    expect((await admin.get(`/brand/${brand.id}`)).status).toBe(404);
    expect((await admin.delete(`/brand/${brand.id}`)).status).toBe(404);
    expect(await names(admin)).toEqual([]);
  });

  it('a MEMBER reads and favourites brands but may not create, change or delete them (403)', async () => {
    const { admin, member } = await team();
    const brand = await create(admin, 'Shared');

    const seen = await member.get(`/brand/${brand.id}`);
    expect(seen.body.data.permissions).toEqual({ canEdit: false, canDelete: false });
    expect((await member.put(`/brand/${brand.id}/favourite`)).status).toBe(200);

    const refusals = [
      [await member.post('/brand', { name: 'Mine now' }), 'Only account admins may create brands'],
      [await member.patch(`/brand/${brand.id}`, { name: 'Changed' }), 'Only account admins may change brands'],
      [await member.delete(`/brand/${brand.id}`), 'Only account admins may delete brands'],
    ] as const;
    for (const [res, error] of refusals) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refusal(error));
    }
    expect(await names(admin)).toEqual(['Shared']);
  });

  it('a SUPER_USER manages brands like an owner', async () => {
    const { accountId } = await team();
    const superUser = await env().signIn(await env().factories.member(accountId, 'SUPER_USER'));
    const brand = await create(superUser, 'Super');
    expect(brand.permissions).toEqual({ canEdit: true, canDelete: true });
    expect((await superUser.patch(`/brand/${brand.id}`, { name: 'Super 2' })).status).toBe(200);
    expect((await superUser.delete(`/brand/${brand.id}`)).status).toBe(200);
  });

  it('stores SQL and HTML in names verbatim and never executes them', async () => {
    const { admin } = await team();
    const hostile = ["Robert'); DROP TABLE brands;--", '<script>alert(1)</script>', `"; SELECT pg_sleep(0); --`, "' OR '1'='1"];
    const ids: number[] = [];
    for (const name of hostile) {
      const brand = await create(admin, name);
      expect(brand.name).toBe(name);
      ids.push(brand.id);
    }
    for (const [i, id] of ids.entries()) expect((await admin.get(`/brand/${id}`)).body.data.name).toBe(hostile[i]);
    expect((await admin.get('/brand')).body.data).toHaveLength(hostile.length);

    const renamed = await admin.patch(`/brand/${ids[0]}`, { name: "x', slug = 'pwned" });
    expect(renamed.body.data).toMatchObject({ name: "x', slug = 'pwned", slug: 'robert-drop-table-brands' });
    // The table is still there and working.
    expect((await create(admin, 'Still works')).slug).toBe('still-works');
    const script = (await admin.get('/brand')).body.data.find((b: { id: number }) => b.id === ids[1]);
    expect(script.slug).toBe('script-alert-1-script');
  });

  it('needs a signed-in user', async () => {
    expect((await env().anon().get('/brand')).status).toBe(401);
    expect((await env().anon().post('/brand', { name: 'x' })).status).toBe(401);
  });
});
