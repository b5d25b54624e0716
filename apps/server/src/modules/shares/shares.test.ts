import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts, shareLinks } from '../../db/schema.js';
import { TooManyRequestsError, UnauthorizedError } from '../../http/errors.js';
import { forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit } from '../assets/assets-test-kit.js';
import { UNLOCK_MAX_PER_LINK, unlockShareLink } from './operations.js';

const tokenOf = (url: string) => url.split('/share/')[1] ?? '';
const cookieOf = (res: Json) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('emblem_share_')) ?? '';

forEachBackend('share links', (env) => {
  const kit = assetsKit(env);

  async function world(opts: { sharing?: boolean } = {}) {
    const { owner, accountId, project, c } = await kit.setup();
    if (opts.sharing !== false)
      await kit
        .db()
        .update(accounts)
        .set({ featureFlags: ['PUBLIC_ASSET_SHARING'] })
        .where(eq(accounts.id, accountId));
    const folder = await kit.folder(c, project.id, 'Press');
    const [a1, a2] = await kit.links(c, project.id, ['Beach', 'Forest'], folder);
    return { owner, accountId, project, c, folder, a1: a1!, a2: a2! };
  }

  it('makes links to assets, a folder and a collection; the address is shown once and only its hash is stored', async () => {
    const w = await world();
    const made = await w.c.post('/share-link', { type: 'folder', set_id: w.folder, password: 'open sesame', download: 'ORIGINAL' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const link = made.body.data;
    expect(link).toMatchObject({
      type: 'folder',
      set_id: w.folder,
      is_enabled: true,
      is_password_protected: true,
      has_expiration_date: false,
      expires_at: null,
      download: 'ORIGINAL',
      open_count: 0,
    });
    expect(link.url).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
    expect(JSON.stringify(made.body)).not.toContain('open sesame');
    const [row] = await kit.db().select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(tokenOf(link.url));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const assets = await w.c.post('/share-link', {
      type: 'asset',
      asset_ids: [w.a1, w.a2],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(assets.status).toBe(201);
    expect(assets.body.data).toMatchObject({ type: 'asset', asset_ids: [w.a1, w.a2], has_expiration_date: true, download: 'PREVIEW' });
    const col = (await w.c.post(`/project/${w.project.id}/collections`, { name: 'Kit' })).body.data;
    const colLink = await w.c.post('/share-link', { type: 'collection', collection_id: col.id, download: 'NONE' });
    expect(colLink.status).toBe(201);

    // The project's links, newest first, filtered by target; no address in lists.
    const list = await w.c.get(`/project/${w.project.id}/share-links`);
    expect(list.body.data.map((l: { id: number }) => l.id)).toEqual([colLink.body.data.id, assets.body.data.id, link.id]);
    expect(list.body.data.every((l: { url: string | null }) => l.url === null)).toBe(true);
    expect((await w.c.get(`/project/${w.project.id}/share-links?asset_id=${w.a2}`)).body.data.map((l: { id: number }) => l.id)).toEqual([
      assets.body.data.id,
    ]);
    expect((await w.c.get(`/project/${w.project.id}/share-links?set_id=${w.folder}`)).body.data).toHaveLength(1);

    // A new address: the old one stops working at once.
    const renewed = await w.c.post(`/share-link/${link.id}/address`);
    expect(renewed.body.data.url).not.toBe(link.url);
    expectRefused(
      await env()
        .anon()
        .get(`/api/share-link/${tokenOf(link.url)}`),
      404,
    );
    expect(
      (
        await env()
          .anon()
          .get(`/api/share-link/${tokenOf(renewed.body.data.url)}`)
      ).status,
    ).toBe(200);
  });

  it('tells visitors where a link leads; disabled, expired, deleted and unknown links are 404', async () => {
    const w = await world();
    const link = (await w.c.post('/share-link', { type: 'folder', set_id: w.folder })).body.data;
    const token = tokenOf(link.url);
    const visitor = env().anon();
    const found = await visitor.get(`/api/share-link/${token}`);
    expect(found.body.data).toEqual({
      id: token,
      type: 'folder',
      is_password_protected: false,
      is_unlocked: true,
      destination_path: `fs/folders/${w.folder}`,
      token_payload: { set_id: w.folder },
    });
    expect((await w.c.get(`/project/${w.project.id}/share-links`)).body.data[0]).toMatchObject({ open_count: 1 });

    expect((await w.c.patch(`/share-link/${link.id}`, { is_enabled: false })).body.data.is_enabled).toBe(false);
    expectRefused(await visitor.get(`/api/share-link/${token}`), 404);
    await w.c.patch(`/share-link/${link.id}`, { is_enabled: true });
    await kit
      .db()
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, link.id));
    expectRefused(await visitor.get(`/api/share-link/${token}`), 404);
    expect((await w.c.get(`/project/${w.project.id}/share-links`)).body.data[0]).toMatchObject({ is_expired: true });
    await w.c.patch(`/share-link/${link.id}`, { expires_at: null });
    expect((await visitor.get(`/api/share-link/${token}`)).status).toBe(200);
    // A folder in the trash takes its link down with it; restoring brings the link back.
    expect((await w.c.delete(`/set/${w.folder}`)).status).toBe(200);
    expectRefused(await visitor.get(`/api/share-link/${token}`), 404);
    expect((await w.c.post(`/set/${w.folder}/restore`)).status).toBe(200);
    expect((await visitor.get(`/api/share-link/${token}`)).status).toBe(200);
    // An asset link whose assets are all in the trash is gone too.
    const assetLink = (await w.c.post('/share-link', { type: 'asset', asset_ids: [w.a1] })).body.data;
    expect((await w.c.delete(`/asset/${w.a1}`)).status).toBe(200);
    expectRefused(await visitor.get(`/api/share-link/${tokenOf(assetLink.url)}`), 404);
    expect((await w.c.delete(`/share-link/${link.id}`)).body.data).toEqual({ id: link.id });
    expectRefused(await visitor.get(`/api/share-link/${token}`), 404);
    expectRefused(await visitor.get(`/api/share-link/${'x'.repeat(32)}`), 404);
    expectRefused(await visitor.get('/api/share-link/short'), 404);
  });

  it('unlocks a password-protected link with a cookie bound to the link and its password', async () => {
    const w = await world();
    const link = (await w.c.post('/share-link', { type: 'folder', set_id: w.folder, password: 'correct horse' })).body.data;
    const token = tokenOf(link.url);
    const visitor = env().anon();
    expect((await visitor.get(`/api/share-link/${token}`)).body.data).toMatchObject({ is_password_protected: true, is_unlocked: false });
    const wrong = await visitor.post(`/api/share-link/${token}/unlock`, { password: 'wrong horse' });
    expectRefused(wrong, 401);
    expect(wrong.body.error).toBe('Wrong password');
    expectRefused(await visitor.post(`/api/share-link/${token}/unlock`, {}), 400);
    const right = await visitor.post(`/api/share-link/${token}/unlock`, { password: 'correct horse' });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    const cookie = cookieOf(right);
    expect(cookie).toMatch(new RegExp(`^emblem_share_${link.id}=`));
    const withCookie = await visitor.request('GET', `/api/share-link/${token}`, undefined, { headers: { cookie } });
    expect(withCookie.body.data.is_unlocked).toBe(true);
    // A forged or edited cookie counts for nothing.
    const forged = `emblem_share_${link.id}=${encodeURIComponent(`${link.id}.0000000000000000.9999999999`)}`;
    expect(
      (await visitor.request('GET', `/api/share-link/${token}`, undefined, { headers: { cookie: forged } })).body.data.is_unlocked,
    ).toBe(false);
    // A new password locks everyone out again.
    await w.c.patch(`/share-link/${link.id}`, { password: 'battery staple' });
    expect((await visitor.request('GET', `/api/share-link/${token}`, undefined, { headers: { cookie } })).body.data.is_unlocked).toBe(
      false,
    );
    // Removing the password opens the link to all.
    await w.c.patch(`/share-link/${link.id}`, { password: null });
    expect((await visitor.get(`/api/share-link/${token}`)).body.data).toMatchObject({ is_password_protected: false, is_unlocked: true });
  });

  it('throttles wrong passwords per link and address without locking others out', async () => {
    const w = await world();
    const link = (await w.c.post('/share-link', { type: 'folder', set_id: w.folder, password: 'correct horse' })).body.data;
    const token = tokenOf(link.url);
    const db = kit.db();
    const visitor = env().anon();
    // Three free tries, then each next one has to wait.
    for (let i = 0; i < 3; i++) expectRefused(await visitor.post(`/api/share-link/${token}/unlock`, { password: `guess ${i}` }), 401);
    const throttled = await visitor.post(`/api/share-link/${token}/unlock`, { password: 'correct horse' });
    expectRefused(throttled, 429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Someone else, from another address, gets in with the right password.
    await expect(unlockShareLink(db, token, 'correct horse', '203.0.113.9')).resolves.toMatchObject({ link: { id: link.id } });
    // Past the limit in the window: 429 even for the right password from that address, however long it waits.
    for (let i = 0; i < UNLOCK_MAX_PER_LINK; i++)
      await expect(unlockShareLink(db, token, 'nope', '198.51.100.7').catch((e) => e)).resolves.toBeInstanceOf(Error);
    const capped = await unlockShareLink(db, token, 'correct horse', '198.51.100.7').catch((e) => e);
    expect(capped).toBeInstanceOf(TooManyRequestsError);
    // Failures of one address never count for another.
    await expect(unlockShareLink(db, token, 'nope', '192.0.2.44')).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('refuses what may not be shared, and lets only editors manage links', async () => {
    const w = await world();
    const viewer = await kit.collaborator(w.c, w.accountId, w.project.id, 'VIEW');
    expectRefused(await viewer.post('/share-link', { type: 'folder', set_id: w.folder }), 403);
    const link = (await w.c.post('/share-link', { type: 'folder', set_id: w.folder })).body.data;
    expectRefused(await viewer.patch(`/share-link/${link.id}`, { is_enabled: false }), 403);
    expectRefused(await viewer.delete(`/share-link/${link.id}`), 403);
    expectRefused(await viewer.get(`/project/${w.project.id}/share-links`), 403);
    const editor = await kit.collaborator(w.c, w.accountId, w.project.id, 'EDIT');
    expect((await editor.patch(`/share-link/${link.id}`, { download: 'NONE' })).body.data.download).toBe('NONE');

    const bad = async (res: Promise<Json>, field: string) => {
      const r = await res;
      expectRefused(r, 400);
      expect(Object.keys(r.body.errors)).toContain(field);
    };
    await bad(w.c.post('/share-link', { type: 'page', set_id: w.folder }), 'type');
    await bad(w.c.post('/share-link', { type: 'folder', set_id: w.folder, password: 'short' }), 'password');
    await bad(w.c.post('/share-link', { type: 'folder', set_id: w.folder, expires_at: '2020-01-01T00:00:00Z' }), 'expires_at');
    await bad(w.c.post('/share-link', { type: 'folder', set_id: w.folder, download: 'ALL' }), 'download');
    await bad(w.c.post('/share-link', { type: 'asset', asset_ids: [] }), 'asset_ids');
    await bad(w.c.patch(`/share-link/${link.id}`, { is_enabled: 'yes' }), 'is_enabled');
    expectRefused(await w.c.patch(`/share-link/${link.id}`, {}), 400);
    // Assets of two libraries at once; a guideline document; a personal project: refused.
    const other = await env().factories.project(w.owner.actor, { brandId: w.project.brandId, name: 'Other' });
    const [o1] = await kit.links(w.c, other.id, ['Elsewhere']);
    await bad(w.c.post('/share-link', { type: 'asset', asset_ids: [w.a1, o1] }), 'asset_ids');
    expectRefused(await w.c.post('/share-link', { type: 'folder', set_id: 999999 }), 404);
    expectRefused(await w.c.patch('/share-link/999999', { is_enabled: false }), 404);

    // Without PUBLIC_ASSET_SHARING the account cannot make links.
    const off = await world({ sharing: false });
    const refused = await off.c.post('/share-link', { type: 'folder', set_id: off.folder });
    expectRefused(refused, 403);
    expect(refused.body.error).toMatch(/Public asset sharing/);
    // Another account's links do not exist for the caller.
    expectRefused(await off.c.patch(`/share-link/${link.id}`, { is_enabled: false }), 404);
    expect((await w.c.get(`/project/${w.project.id}/share-links`)).body.data[0]).toMatchObject({ is_enabled: true });
  });
});
