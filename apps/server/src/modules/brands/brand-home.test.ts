import { encodeBase64Id } from '@emblem/core';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { assets } from '../../db/schema.js';
import { type Client, forEachBackend } from '../../test/harness.js';
import { fetchBytes, halves, jpeg, upload, uploadAsset } from '../../test/media.js';

type HomeAsset = { id: number; project_id: number; title: string; thumbnail_url: string | null; created_at: string };
type HomeProject = { id: number; name: string; project_type: string; asset_count: number; covers: HomeAsset[] };
type Home = { projects: HomeProject[]; recent_assets: HomeAsset[] };

/** The brand home (GET /api/brand/{id}/home) and the brand avatar's fit; on both backends. */
forEachBackend('brand home', (env) => {
  const team = async () => {
    const { owner, accountId } = await env().factories.account();
    const memberUser = await env().factories.member(accountId, 'MEMBER');
    const admin = await env().signIn(owner);
    const brand = await env().factories.brand(owner.actor, 'Acme');
    const library = await env().factories.project(owner.actor, { brandId: brand.id, name: 'Photos' });
    const logos = await env().factories.project(owner.actor, { brandId: brand.id, name: 'Logos', type: 'LOGOLIBRARY' });
    const workspace = await env().factories.project(owner.actor, { brandId: brand.id, name: 'Campaign', type: 'WORKSPACE' });
    return { owner, accountId, admin, brand, library, logos, workspace, memberUser, member: await env().signIn(memberUser) };
  };
  const home = async (c: Client, brandId: number): Promise<Home> => {
    const res = await c.get(`/brand/${brandId}/home`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const image = (i: number) => jpeg(24, 16, `#${(0x202020 + i * 0x0b0703).toString(16).slice(-6)}`);

  it('lists the projects with counts, each with its first four previews as covers, and the newest assets first', async () => {
    const { admin, brand, library, logos, workspace } = await team();
    const photos: number[] = [];
    for (let i = 0; i < 6; i++)
      photos.push((await uploadAsset(env(), admin, library.id, `photo-${i}.jpg`, await image(i), `Photo ${i}`)).id);
    const logo = (await uploadAsset(env(), admin, logos.id, 'mark.jpg', await image(9), 'Mark')).id;

    const data = await home(admin, brand.id);
    const byName = Object.fromEntries(data.projects.map((p) => [p.name, p]));
    expect(data.projects.map((p) => p.name)).toEqual(['Campaign', 'Logos', 'Photos']);
    expect(byName.Photos).toMatchObject({ id: library.id, project_type: 'MEDIALIBRARY', asset_count: 6 });
    expect(byName.Logos).toMatchObject({ id: logos.id, project_type: 'LOGOLIBRARY', asset_count: 1 });
    expect(byName.Campaign).toMatchObject({ id: workspace.id, project_type: 'WORKSPACE', asset_count: 0, covers: [] });
    // The first four in the library's order (the top level, by position), with signed previews that load.
    expect(byName.Photos?.covers.map((c) => c.id)).toEqual(photos.slice(0, 4));
    expect(byName.Logos?.covers.map((c) => c.id)).toEqual([logo]);
    const cover = byName.Photos?.covers[0];
    expect(cover).toMatchObject({ project_id: library.id, title: 'Photo 0', extension: 'jpg', file_type_group: 'images' });
    expect(cover?.thumbnail_url).toMatch(/^\/media\/[^/]+\/\d+\?.*sig=/);
    const thumb = await fetchBytes(admin, cover?.thumbnail_url ?? '');
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\//);

    // Newest first, across the brand's projects.
    expect(data.recent_assets.map((a) => a.id)).toEqual([logo, ...[...photos].reverse()]);
  });

  it('shows at most 12 recent assets, leaves out assets in the trash and covers without a preview', async () => {
    const { admin, brand, library } = await team();
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) ids.push((await uploadAsset(env(), admin, library.id, `p${i}.jpg`, await image(i))).id);
    const db = env().started.database.db;
    // The two first assets go to the trash; the third has not been processed yet (no preview).
    await db
      .update(assets)
      .set({ deletedAt: new Date() })
      .where(inArray(assets.id, ids.slice(0, 2)));
    const up = await upload(admin, { projectId: library.id, name: 'late.jpg', bytes: await image(20) });
    const pending = await admin.post('/asset', { file_id: up.body.data.file_id, project_id: library.id });
    expect(pending.status).toBe(201);
    await db.update(assets).set({ position: -1 }).where(eq(assets.id, pending.body.data.id));

    const data = await home(admin, brand.id);
    const photos = data.projects.find((p) => p.id === library.id);
    expect(photos?.asset_count).toBe(13);
    // The unprocessed one comes first by position but has no preview: the covers skip it and the trashed ones.
    expect(photos?.covers.map((c) => c.id)).toEqual(ids.slice(2, 6));
    expect(data.recent_assets).toHaveLength(12);
    expect(data.recent_assets[0]).toMatchObject({ id: pending.body.data.id, thumbnail_url: null });
    expect(data.recent_assets.map((a) => a.id)).toEqual([pending.body.data.id, ...ids.slice(3).reverse()]);
    expect(data.recent_assets.some((a) => ids.slice(0, 2).includes(a.id))).toBe(false);
  });

  it('shows a member only the projects they collaborate on and only their assets', async () => {
    const { admin, member, memberUser, brand, library, logos } = await team();
    const photo = (await uploadAsset(env(), admin, library.id, 'a.jpg', await image(1))).id;
    await uploadAsset(env(), admin, logos.id, 'secret.jpg', await image(2), 'Secret');

    // No collaboration yet: the brand is theirs to see, its projects and assets are not.
    expect(await home(member, brand.id)).toEqual({ projects: [], recent_assets: [] });

    const grant = await admin.put(`/project/${library.id}/user/${memberUser.id}`, { level: 'VIEW' });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    const data = await home(member, brand.id);
    expect(data.projects.map((p) => p.id)).toEqual([library.id]);
    expect(data.projects[0]?.covers.map((c) => c.id)).toEqual([photo]);
    expect(data.recent_assets.map((a) => a.id)).toEqual([photo]);
  });

  it('refuses the signed out (401), another account (404), an unknown brand (404) and an id that is not one (400)', async () => {
    const { brand } = await team();
    const { admin: otherAdmin } = await team();
    expect((await env().anon().get(`/brand/${brand.id}/home`)).status).toBe(401);
    expect((await otherAdmin.get(`/brand/${brand.id}/home`)).status).toBe(404);
    expect((await otherAdmin.get('/brand/987654321/home')).status).toBe(404);
    expect((await otherAdmin.get('/brand/abc/home')).status).toBe(400);
  });

  it('answers the same through GraphQL (brandHome)', async () => {
    const { admin, brand, library } = await team();
    const photo = (await uploadAsset(env(), admin, library.id, 'a.jpg', await image(1), 'One')).id;
    const res = await admin.graphql(
      'query($id: ID!) { brandHome(id: $id) { projects { id name assetTotal covers { id title thumbnailUrl } } recentAssets { id projectId } } }',
      { id: encodeBase64Id('Brand', brand.id) },
    );
    expect(res.body.errors).toBeUndefined();
    const got = res.body.data.brandHome;
    const photos = got.projects.find((p: { name: string }) => p.name === 'Photos');
    expect(photos).toMatchObject({ id: encodeBase64Id('Project', library.id), assetTotal: 1 });
    expect(photos.covers).toEqual([
      { id: encodeBase64Id('Asset', photo), title: 'One', thumbnailUrl: expect.stringMatching(/^\/media\//) },
    ]);
    expect(got.recentAssets).toEqual([{ id: encodeBase64Id('Asset', photo), projectId: encodeBase64Id('Project', library.id) }]);
  });

  /* ---------- the avatar's fit ---------- */

  const imageUpload = async (c: Client, name: string, bytes: Buffer) => {
    const res = await upload(c, { name, bytes, extraFields: { purpose: 'image' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.file_id as string;
  };
  const pixel = (data: Buffer, width: number, x: number, y: number) => [...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];

  it('pads a wide logo whole onto a transparent square with avatar_fit pad', async () => {
    const { admin, brand } = await team();
    // 400×100: red left half, blue right half.
    const fileId = await imageUpload(admin, 'wide.png', await halves(400, 100, '#ff0000', '#0000ff'));
    const res = await admin.patch(`/brand/${brand.id}`, { avatar: 'blob:x', avatar_crop: null, avatar_fit: 'pad', file_id: fileId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await fetchBytes(env().anon(), res.body.data.avatar);
    const { data, info } = await sharp(got.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 400]);
    // Above and below the logo: transparent; the logo whole in the middle, red on the left, blue on the right.
    expect(pixel(data, 400, 200, 10)[3]).toBe(0);
    expect(pixel(data, 400, 200, 390)[3]).toBe(0);
    const [lr = 0, , lb = 255, la] = pixel(data, 400, 5, 200);
    expect([lr > 200, lb < 60, la]).toEqual([true, true, 255]);
    const [rr = 255, , rb = 0] = pixel(data, 400, 395, 200);
    expect([rr < 60, rb > 200]).toEqual([true, true]);
  });

  it('pads an avatar already made when saved again with pad, keeps a square one, and refuses another fit', async () => {
    const { admin, brand } = await team();
    const fileId = await imageUpload(admin, 'wide.png', await halves(300, 100, '#00ff00', '#ffffff'));
    const first = (await admin.patch(`/brand/${brand.id}`, { avatar: 'blob:x', avatar_crop: null, file_id: fileId })).body.data.avatar;
    const firstMeta = await sharp((await fetchBytes(env().anon(), first)).bytes).metadata();
    expect([firstMeta.width, firstMeta.height]).toEqual([300, 100]);

    const padded = await admin.patch(`/brand/${brand.id}`, { avatar: first, avatar_crop: null, avatar_fit: 'pad' });
    expect(padded.status).toBe(200);
    expect(padded.body.data.avatar).not.toBe(first);
    const meta = await sharp((await fetchBytes(env().anon(), padded.body.data.avatar)).bytes).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([300, 300, true]);
    // Square already: saved again with pad, it is kept.
    const again = await admin.patch(`/brand/${brand.id}`, { avatar: padded.body.data.avatar, avatar_crop: null, avatar_fit: 'pad' });
    expect(again.body.data.avatar).toBe(padded.body.data.avatar);

    const refused = await admin.patch(`/brand/${brand.id}`, { avatar: first, avatar_fit: 'stretch' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.avatar_fit).toEqual(['Must be crop or pad']);
    expect((await admin.get(`/brand/${brand.id}`)).body.data.avatar).toBe(padded.body.data.avatar);
  });
});
