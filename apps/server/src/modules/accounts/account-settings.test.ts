import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { events } from '../../db/schema.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { upload } from '../../test/media.js';

forEachBackend('account settings', (env) => {
  /** A fresh account with its owner signed in, and a signed-in member and super user of it. */
  async function setup() {
    const { owner, accountId } = await env().factories.account({ name: 'Settings Co' });
    const member = await env().signIn(await env().factories.member(accountId, 'MEMBER'));
    const superUser = await env().signIn(await env().factories.member(accountId, 'SUPER_USER'));
    return { owner, accountId, c: await env().signIn(owner), member, superUser };
  }

  const blocked = async (c: Awaited<ReturnType<typeof setup>>['c']) => (await c.get('/account')).body.data.blocked_extensions;

  it('renames the account (trimmed) for an owner and a super user; the session and GET /account follow', async () => {
    const { accountId, c, superUser } = await setup();
    const res = await c.patch('/account', { name: '  Renamed Co ', i18n: 'en' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: accountId, name: 'Renamed Co', blocked_extensions: [] });
    expect((await c.get('/account')).body.data.name).toBe('Renamed Co');
    expect((await c.get('/auth/session')).body.data.account.name).toBe('Renamed Co');
    expect((await superUser.patch('/account', { name: 'By the super user' })).status).toBe(200);
    const recorded = await env()
      .started.database.db.select()
      .from(events)
      .where(and(eq(events.accountId, accountId), eq(events.type, 'account:update')));
    expect(recorded.map((e) => e.data)).toEqual([{ fields: ['name'] }, { fields: ['name'] }]);
  });

  it('replaces the blocked list normalised: lower-case, no leading dots, no duplicates', async () => {
    const { c } = await setup();
    const res = await c.patch('/account', { blocked_extensions: ['.PSD', 'exe', 'EXE', '*.Bat', '..zip'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.blocked_extensions).toEqual(['psd', 'exe', 'bat', 'zip']);
    expect(await blocked(c)).toEqual(['psd', 'exe', 'bat', 'zip']);
    expect((await c.patch('/account', { blocked_extensions: [] })).body.data.blocked_extensions).toEqual([]);
  });

  it('refuses a member (403) on every settings call and changes nothing', async () => {
    const { c, member } = await setup();
    await c.patch('/account', { blocked_extensions: ['exe'] });
    for (const res of [
      await member.patch('/account', { name: 'Hijacked' }),
      await member.post('/account/blocked-extensions', { extension: { label: 'psd' } }),
      await member.put('/account/blocked-extensions/exe', { label: 'com' }),
      await member.put('/account/blocked-extensions/position', { items: ['exe'] }),
      await member.delete('/account/blocked-extensions/exe'),
    ]) {
      expectRefused(res, 403);
      expect(res.body.error).toBe('Only account admins may do this');
    }
    expect((await c.get('/account')).body.data).toMatchObject({ name: 'Settings Co', blocked_extensions: ['exe'] });
    expectRefused(await env().anon().patch('/account', { name: 'Anyone' }), 401);
  });

  it('refuses an empty or too long name, a bad extension, an empty body and unknown fields (400)', async () => {
    const { c } = await setup();
    const empty = await c.patch('/account', { name: '   ' });
    expectRefused(empty, 400, ['name']);
    expect(empty.body.errors.name).toEqual(['Is required']);
    expectRefused(await c.patch('/account', { name: 'x'.repeat(121) }), 400, ['name']);
    for (const bad of ['tar.gz', 'a'.repeat(17), 'ex e', '', 'é']) {
      const res = await c.patch('/account', { blocked_extensions: ['psd', bad] });
      expectRefused(res, 400, ['blocked_extensions.1']);
      expect(res.body.errors['blocked_extensions.1']).toEqual(['Use 1 to 16 letters or digits, like psd']);
    }
    expectRefused(await c.patch('/account', { blocked_extensions: 'exe' }), 400, ['blocked_extensions']);
    expectRefused(await c.patch('/account', { i18n: 'en' }), 400, ['_']);
    expectRefused(await c.patch('/account', { name: 'X', plan: 'ENTERPRISE' }), 400, ['_']);
    expect((await c.get('/account')).body.data).toMatchObject({ name: 'Settings Co', blocked_extensions: [] });
  });

  it('adds, renames, reorders and removes blocked extensions one at a time (the toolkit list)', async () => {
    const { c } = await setup();
    const added = await c.post('/account/blocked-extensions', { extension: { label: '.EXE', value: '0-exe', visible: true }, i18n: 'en' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toEqual({
      success: true,
      data: { blocked_extensions: ['exe'] },
      savedEntry: { id: 'exe', label: 'exe', value: 'exe' },
    });
    await c.post('/account/blocked-extensions', { extension: 'bat' });
    await c.post('/account/blocked-extensions', { extension: { label: 'cmd' } });
    expect(await blocked(c)).toEqual(['exe', 'bat', 'cmd']);

    const renamed = await c.put('/account/blocked-extensions/bat', { id: 'bat', label: 'COM', value: 'bat', visible: true, i18n: 'en' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.savedEntry).toEqual({ id: 'com', label: 'com', value: 'com' });
    expect(renamed.body.data.blocked_extensions).toEqual(['exe', 'com', 'cmd']);

    const moved = await c.put('/account/blocked-extensions/position', { items: ['cmd', 'exe', 'com'] });
    expect(moved.body.data.blocked_extensions).toEqual(['cmd', 'exe', 'com']);

    const removed = await c.delete('/account/blocked-extensions/.EXE');
    expect(removed.status).toBe(200);
    expect(removed.body.data.blocked_extensions).toEqual(['cmd', 'com']);
    expect(await blocked(c)).toEqual(['cmd', 'com']);
  });

  it('keeps an extension called "position" editable next to the reorder call', async () => {
    const { c } = await setup();
    await c.post('/account/blocked-extensions', { extension: 'position' });
    const renamed = await c.put('/account/blocked-extensions/position', { id: 'position', label: 'pos' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await blocked(c)).toEqual(['pos']);
  });

  it('refuses list edits that make no sense: duplicate 409, bad 400, missing 404, wrong order 400, over the limit 400', async () => {
    const { c } = await setup();
    await c.patch('/account', { blocked_extensions: ['exe', 'bat'] });
    const duplicate = await c.post('/account/blocked-extensions', { extension: { label: 'EXE' } });
    expectRefused(duplicate, 409, ['extension.label']);
    expect(duplicate.body.error).toBe('This extension is already blocked');
    expectRefused(await c.post('/account/blocked-extensions', { extension: { label: 'tar.gz' } }), 400, ['extension.label']);
    expectRefused(await c.post('/account/blocked-extensions', {}), 400, ['extension']);
    expectRefused(await c.put('/account/blocked-extensions/bat', { label: 'exe' }), 409, ['label']);
    expectRefused(await c.put('/account/blocked-extensions/bat', { label: 'no way' }), 400, ['label']);
    expectRefused(await c.put('/account/blocked-extensions/psd', { label: 'ai' }), 404);
    expectRefused(await c.delete('/account/blocked-extensions/psd'), 404);
    for (const items of [['exe'], ['exe', 'exe'], ['exe', 'psd'], ['exe', 'bat', 'psd']]) {
      expectRefused(await c.put('/account/blocked-extensions/position', { items }), 400, ['items']);
    }
    expect(await blocked(c)).toEqual(['exe', 'bat']);

    const full = Array.from({ length: 200 }, (_, i) => `x${i}`);
    expect((await c.patch('/account', { blocked_extensions: full })).status).toBe(200);
    expectRefused(await c.patch('/account', { blocked_extensions: [...full, 'one'] }), 400, ['blocked_extensions']);
    expectRefused(await c.post('/account/blocked-extensions', { extension: 'one' }), 400, ['extension.label']);
  });

  it('refuses uploads of an extension once the account blocks it', async () => {
    const { owner, c } = await setup();
    const project = await env().factories.project(owner.actor);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(c, { projectId: project.id, name: 'before.png', bytes: png })).status).toBe(201);
    await c.post('/account/blocked-extensions', { extension: '.PNG' });
    const refused = await upload(c, { projectId: project.id, name: 'after.png', bytes: png });
    expectRefused(refused, 400, ['file']);
    expect(refused.body.error).toBe('Files of type .png are not allowed here');
    expect((await c.get(`/project/${project.id}/asset-extension`)).body.data.blocked).toEqual(['png']);
  });

  it("keeps each account's settings its own", async () => {
    const first = await setup();
    const second = await setup();
    await first.c.patch('/account', { name: 'First only', blocked_extensions: ['exe'] });
    expect((await second.c.get('/account')).body.data).toMatchObject({ name: 'Settings Co', blocked_extensions: [] });
  });

  it('turns a flag off with PUT {enabled: false} (the toggle setting) and refuses a non-boolean', async () => {
    const { c, member } = await setup();
    expect((await c.put('/development/flag/COOKIE_CONSENT', { enabled: true, i18n: 'en' })).body.data.feature_flags).toEqual([
      'COOKIE_CONSENT',
    ]);
    expect((await c.get('/auth/session')).body.data.account.feature_flags).toEqual(['COOKIE_CONSENT']);
    const off = await c.put('/development/flag/COOKIE_CONSENT', { enabled: false, i18n: 'en' });
    expect(off.status).toBe(200);
    expect(off.body.data.feature_flags).toEqual([]);
    expectRefused(await c.put('/development/flag/COOKIE_CONSENT', { enabled: 'no' }), 400, ['enabled']);
    expectRefused(await c.put('/development/flag/COOKIE_CONSENT', { enabled: true, colour: 'red' }), 400, ['_']);
    expectRefused(await member.put('/development/flag/COOKIE_CONSENT', { enabled: true }), 403);
    expect((await c.get('/account')).body.data.feature_flags).toEqual([]);
  });
});
