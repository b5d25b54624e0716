import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { events } from '../../db/schema.js';
import { type Client, forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';

const tinyPng = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

forEachBackend('guideline portals', (env) => {
  /** An account with a brand, its signed-in owner (an admin) and a signed-in MEMBER. */
  const team = async () => {
    const { owner, accountId } = await env().factories.account();
    const member = await env().factories.member(accountId, 'MEMBER');
    const brand = await env().factories.brand(owner.actor, 'Acme');
    return { accountId, brand, owner, admin: await env().signIn(owner), member: await env().signIn(member) };
  };
  const create = async (c: Client, brandId: number, title = 'Brand guidelines') => {
    const res = await c.post('/portal', { brand_id: brandId, title });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; visibility: string; title: string };
  };

  it('creates a portal (201), readable by id and listed under its brand', async () => {
    const { brand, admin, member } = await team();
    const res = await admin.post('/portal', { brand_id: brand.id, title: '  Acme guidelines ', blueprint_name: 'classic' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      brand_id: brand.id,
      title: 'Acme guidelines',
      visibility: 'ACCOUNT',
      blueprint_name: 'classic',
      marketplace_app_id: null,
      i18n_enabled: false,
      i18n_settings: { languages: ['en'] },
      cover_page_settings: {},
      created_at: expect.any(String),
      modified_at: expect.any(String),
      permissions: { canEdit: true },
    });
    const id = res.body.data.id;
    expect((await admin.get(`/portal/${id}`)).body.data).toEqual(res.body.data);
    // Members read it (ACCOUNT), without edit rights.
    const seen = await member.get(`/portal/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.permissions).toEqual({ canEdit: false });
    const second = await create(admin, brand.id, 'Second');
    const listed = await member.get(`/portal?brand_id=${brand.id}`);
    expect(listed.body.data.map((p: { id: number }) => p.id)).toEqual([id, second.id]);
    const [event] = await env()
      .started.database.db.select()
      .from(events)
      .where(and(eq(events.subjectType, 'portal'), eq(events.subjectId, id)));
    expect(event).toMatchObject({ type: 'portal:create', subjectType: 'portal', data: { title: 'Acme guidelines' } });
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const { brand, admin } = await team();
    expectRefused(await admin.post('/portal', { brand_id: brand.id, title: '' }), 400, ['title']);
    expectRefused(await admin.post('/portal', { brand_id: brand.id }), 400, ['title']);
    expectRefused(await admin.post('/portal', { brand_id: 'x', title: 'A' }), 400, ['brand_id']);
    expectRefused(await admin.post('/portal', { brand_id: brand.id, title: 'A', marketplace_app_id: 5 }), 400, ['marketplace_app_id']);
    expectRefused(await admin.post('/portal', { brand_id: brand.id, title: 'A', colour: 'red' }), 400);
    const { id } = await create(admin, brand.id);
    expectRefused(await admin.patch(`/portal/${id}`, {}), 400);
    expectRefused(await admin.patch(`/portal/${id}`, { visibility: 'SECRET' }), 400, ['visibility']);
    expectRefused(await admin.patch(`/portal/${id}`, { i18n_settings: { languages: ['en', 'en'] } }), 400, ['i18n_settings.languages']);
    expectRefused(await admin.patch(`/portal/${id}`, { i18n_settings: { languages: ['english'] } }), 400, ['i18n_settings.languages.0']);
    expectRefused(await admin.get('/portal'), 400);
    expectRefused(await admin.get(`/portal?brand_id=${brand.id}&ids=${id}`), 400);
    expectRefused(await admin.get('/portal?ids=1,x'), 400, ['ids.1']);
    expect((await admin.get(`/portal/${id}`)).body.data).toMatchObject({ title: 'Brand guidelines', visibility: 'ACCOUNT' });
    expect((await admin.get(`/portal?brand_id=${brand.id}`)).body.data).toHaveLength(1);
  });

  it('lets only account admins change a portal and its address; members get 403, other accounts 404', async () => {
    const { brand, admin, member } = await team();
    const { admin: stranger } = await team();
    const { id } = await create(admin, brand.id);
    expectRefused(await member.post('/portal', { brand_id: brand.id, title: 'Mine' }), 403);
    expectRefused(await stranger.post('/portal', { brand_id: brand.id, title: 'Theirs' }), 404);
    expectRefused(await member.patch(`/portal/${id}`, { title: 'Hijacked' }), 403);
    expectRefused(await member.get(`/portal/${id}/token`), 403);
    expectRefused(await member.post(`/portal/${id}/token`), 403);
    for (const res of [
      await stranger.get(`/portal/${id}`),
      await stranger.patch(`/portal/${id}`, { title: 'Hijacked' }),
      await stranger.get(`/portal/${id}/token`),
    ])
      expectRefused(res, 404);
    expectRefused(await stranger.get(`/portal?brand_id=${brand.id}`), 404);

    const changed = await admin.patch(`/portal/${id}`, {
      title: 'Acme brand book',
      i18n_enabled: true,
      i18n_settings: { languages: ['en', 'de-CH'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      title: 'Acme brand book',
      i18n_enabled: true,
      i18n_settings: { languages: ['en', 'de-CH'] },
    });
  });

  it('shows each visibility to its audience: PUBLIC to visitors, ACCOUNT to members, EDITORS to admins', async () => {
    const { brand, admin, member } = await team();
    const { admin: stranger } = await team();
    const anon = env().anon();
    const { id } = await create(admin, brand.id);
    const sees = async (c: Client) => (await c.get(`/portal/${id}`)).status;

    expect([await sees(admin), await sees(member), await sees(stranger), await sees(anon)]).toEqual([200, 200, 404, 404]);
    await admin.patch(`/portal/${id}`, { visibility: 'EDITORS' });
    expect([await sees(admin), await sees(member), await sees(stranger), await sees(anon)]).toEqual([200, 404, 404, 404]);
    expect((await member.get(`/portal?brand_id=${brand.id}`)).body.data).toEqual([]);
    await admin.patch(`/portal/${id}`, { visibility: 'PUBLIC' });
    expect([await sees(admin), await sees(member), await sees(stranger), await sees(anon)]).toEqual([200, 200, 200, 200]);
    expect((await anon.get(`/portal/${id}`)).body.data.permissions).toEqual({ canEdit: false });
    // Visitors cannot list a brand's portals (brands belong to an account) nor change anything.
    expectRefused(await anon.get(`/portal?brand_id=${brand.id}`), 401);
    expectRefused(await anon.patch(`/portal/${id}`, { title: 'x' }), 401);
  });

  it('answers by ids with the visible ones only', async () => {
    const { brand, admin, member } = await team();
    const { admin: stranger, brand: otherBrand } = await team();
    const open = await create(admin, brand.id, 'Open');
    const editors = await create(admin, brand.id, 'Editors');
    await admin.patch(`/portal/${editors.id}`, { visibility: 'EDITORS' });
    const foreign = await create(stranger, otherBrand.id, 'Foreign');
    const ids = `${open.id},${editors.id},${foreign.id},999999`;
    expect((await member.get(`/portal?ids=${ids}`)).body.data.map((p: { id: number }) => p.id)).toEqual([open.id]);
    expect((await admin.get(`/portal?ids=${ids}`)).body.data.map((p: { id: number }) => p.id)).toEqual([open.id, editors.id]);
    expect((await env().anon().get(`/portal?ids=${ids}`)).body.data).toEqual([]);
  });

  it('opens a PUBLIC portal by its token; a regenerated token ends the old address', async () => {
    const { brand, admin } = await team();
    const { id } = await create(admin, brand.id);
    const { token } = (await admin.get(`/portal/${id}/token`)).body.data;
    // 256 random bits, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const anon = env().anon();
    // The token grants no more than the visibility: an ACCOUNT portal stays hidden from visitors.
    expectRefused(await anon.get(`/portal?token=${token}`), 404);
    await admin.patch(`/portal/${id}`, { visibility: 'PUBLIC' });
    const opened = await anon.get(`/portal?token=${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data.map((p: { id: number }) => p.id)).toEqual([id]);

    const regenerated = await admin.post(`/portal/${id}/token`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.data.token).not.toBe(token);
    expectRefused(await anon.get(`/portal?token=${token}`), 404);
    expect((await anon.get(`/portal?token=${regenerated.body.data.token}`)).status).toBe(200);
    expect((await admin.get(`/portal/${id}/token`)).body.data.token).toBe(regenerated.body.data.token);
    expectRefused(await anon.get('/portal?token=short'), 400, ['token']);
  });

  it('keeps the cover page settings, checks their key visual, and resets them by key', async () => {
    const { brand, admin, member, owner } = await team();
    const portal = await create(admin, brand.id);
    const set = await admin.patch(`/portal/${portal.id}`, {
      cover_page_settings: { heading: 'Acme', subline: 'Our brand', background_color: '#1f2a44', text_color: '#FFFFFF' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.cover_page_settings).toEqual({
      heading: 'Acme',
      subline: 'Our brand',
      background_color: '#1f2a44',
      text_color: '#FFFFFF',
    });
    // Keys given replace the stored ones; the others stay.
    const more = await admin.patch(`/portal/${portal.id}`, { cover_page_settings: { subline: 'Everything about Acme' } });
    expect(more.body.data.cover_page_settings).toMatchObject({ heading: 'Acme', subline: 'Everything about Acme' });
    expectRefused(await admin.patch(`/portal/${portal.id}`, { cover_page_settings: { background_color: 'navy' } }), 400, [
      'cover_page_settings.background_color',
    ]);
    expectRefused(await admin.patch(`/portal/${portal.id}`, { cover_page_settings: { font: 'Inter' } }), 400);
    expectRefused(await member.patch(`/portal/${portal.id}`, { cover_page_settings: { heading: 'Mine' } }), 403);

    // A key visual: an asset the editor sees; another account's asset does not exist for them.
    const library = await env().factories.project(owner.actor, { brandId: brand.id });
    const file = await env().factories.file(owner.actor, { name: 'visual.png', bytes: await tinyPng() });
    const asset = await admin.post('/asset', { file_id: file.id, project_id: library.id });
    expect(asset.status, JSON.stringify(asset.body)).toBe(201);
    const withVisual = await admin.patch(`/portal/${portal.id}`, { cover_page_settings: { key_visual_asset_id: asset.body.data.id } });
    expect(withVisual.body.data.cover_page_settings.key_visual_asset_id).toBe(asset.body.data.id);
    const other = await env().factories.account();
    const foreignLibrary = await env().factories.project(other.owner.actor);
    const foreignFile = await env().factories.file(other.owner.actor, { name: 'theirs.png', bytes: await tinyPng() });
    const theirs = await (await env().signIn(other.owner)).post('/asset', { file_id: foreignFile.id, project_id: foreignLibrary.id });
    expect(theirs.status).toBe(201);
    expectRefused(await admin.patch(`/portal/${portal.id}`, { cover_page_settings: { key_visual_asset_id: theirs.body.data.id } }), 404);

    const reset = await admin.post(`/portal/${portal.id}/cover-page-template-settings/reset`, {
      template_setting_keys: ['heading', 'text_color'],
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.data.cover_page_settings).toEqual({
      subline: 'Everything about Acme',
      background_color: '#1f2a44',
      key_visual_asset_id: asset.body.data.id,
    });
    const assetReset = await admin.post(`/portal/${portal.id}/cover-page-template-asset/reset`, { setting_ids: ['key_visual'] });
    expect(assetReset.status, JSON.stringify(assetReset.body)).toBe(200);
    expect(assetReset.body.data.cover_page_settings).toEqual({
      subline: 'Everything about Acme',
      background_color: '#1f2a44',
    });
    expectRefused(await admin.post(`/portal/${portal.id}/cover-page-template-settings/reset`, { template_setting_keys: ['title'] }), 400, [
      'template_setting_keys.0',
    ]);
    expectRefused(await admin.post(`/portal/${portal.id}/cover-page-template-settings/reset`, { template_setting_keys: [] }), 400);
    expectRefused(await admin.post(`/portal/${portal.id}/cover-page-template-asset/reset`, { setting_ids: ['logo'] }), 400);
    expectRefused(await member.post(`/portal/${portal.id}/cover-page-template-asset/reset`, { setting_ids: ['key_visual'] }), 403);
  });
});
