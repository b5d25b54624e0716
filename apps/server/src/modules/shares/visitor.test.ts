import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { accounts, assets, consentAcceptances, shareLinks } from '../../db/schema.js';
import { type Client, forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { fetchBytes, jpeg, upload } from '../../test/media.js';

const tokenOf = (url: string) => url.split('/share/')[1] ?? '';
const cookieOf = (res: Json) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('emblem_share_')) ?? '';

let PHOTO: Buffer;
beforeAll(async () => {
  PHOTO = await jpeg(64, 48, '#2266aa');
});

forEachBackend('share-link visitors', (env) => {
  const db = () => env().started.database.db;

  async function photo(c: Client, projectId: number, setId: number | null, title: string): Promise<number> {
    const up = await upload(c, { projectId, name: `${title}.jpg`, bytes: PHOTO });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const made = await c.post('/asset', { file_id: up.body.data.file_id, project_id: projectId, set_id: setId, title });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data.id;
  }

  async function world() {
    const { owner, accountId } = await env().factories.account();
    await db()
      .update(accounts)
      .set({ featureFlags: ['PUBLIC_ASSET_SHARING'] })
      .where(eq(accounts.id, accountId));
    const project = await env().factories.project(owner.actor, { type: 'MEDIALIBRARY', name: 'Media' });
    const c = await env().signIn(owner);
    const folder = async (name: string, parent: number | null = null) =>
      (await c.post(`/set/create/${project.id}`, { name, parent })).body.data.id as number;
    const press = await folder('Press');
    const prints = await folder('Prints', press);
    const elsewhere = await folder('Elsewhere');
    const beach = await photo(c, project.id, press, 'Beach');
    const forest = await photo(c, project.id, prints, 'Forest');
    const hidden = await photo(c, project.id, elsewhere, 'Hidden');
    await env().drainJobs();
    return { owner, accountId, project, c, press, prints, elsewhere, beach, forest, hidden };
  }
  type World = Awaited<ReturnType<typeof world>>;
  const share = async (w: World, body: Record<string, unknown>) => {
    const res = await w.c.post('/share-link', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.data.id as number, token: tokenOf(res.body.data.url) };
  };
  const visitor = () => env().anon();

  it('shows a folder link: its assets, sub-folders with breadcrumbs from the shared folder, never outside it', async () => {
    const w = await world();
    const { id, token } = await share(w, { type: 'folder', set_id: w.press, download: 'ORIGINAL' });
    const root = await visitor().get(`/api/share-link/${token}/folders/${w.press}`);
    expect(root.status, JSON.stringify(root.body)).toBe(200);
    expect(root.body.data).toMatchObject({
      folder: { id: w.press, name: 'Press' },
      breadcrumbs: [{ id: w.press, name: 'Press' }],
      folders: [{ id: w.prints, name: 'Prints' }],
      total: 1,
      download: 'ORIGINAL',
      zip_url: `/api/share-link/${token}/download.zip`,
    });
    const [beach] = root.body.data.assets;
    expect(beach).toMatchObject({ id: w.beach, title: 'Beach', extension: 'jpg', width: 64, height: 48 });
    expect(beach.downloads).toEqual({ original: true, preview: true });
    expect(beach.thumbnail_url).toMatch(/[?&]sl=\d+\.[0-9a-f]{12}(&|$)/);
    expect(JSON.stringify(root.body)).not.toContain('asset_token');

    const sub = await visitor().get(`/api/share-link/${token}/folders/${w.prints}`);
    expect(sub.body.data.breadcrumbs).toEqual([
      { id: w.press, name: 'Press' },
      { id: w.prints, name: 'Prints' },
    ]);
    expect(sub.body.data.assets.map((a: { id: number }) => a.id)).toEqual([w.forest]);
    // Outside the shared folder: a sibling, and assets there, do not exist for visitors.
    expectRefused(await visitor().get(`/api/share-link/${token}/folders/${w.elsewhere}`), 404);
    expectRefused(await visitor().get(`/api/share-link/${token}/assets/${w.hidden}`), 404);
    expectRefused(await visitor().get(`/api/share-link/${token}/assets`), 404);
    expect((await visitor().get(`/api/share-link/${token}/assets/${w.forest}`)).body.data.title).toBe('Forest');

    // Media of the link: served with revalidation; a preview and the original download.
    const thumb = await fetchBytes(visitor(), beach.thumbnail_url);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('cache-control')).toBe('private, no-cache');
    const original = await fetchBytes(visitor(), beach.download_url);
    expect(original.status).toBe(200);
    expect(original.bytes.equals(PHOTO)).toBe(true);
    expect(original.headers.get('content-disposition')).toContain('Beach.jpg');
    const preview = await fetchBytes(visitor(), beach.preview_download_url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    // The ZIP holds the sub-folder as a folder; one of a sub-folder holds only that.
    const zip = await fetchBytes(visitor(), `/api/share-link/${token}/download.zip`);
    expect(zip.status).toBe(200);
    expect(zip.bytes.includes(Buffer.from('Beach.jpg'))).toBe(true);
    expect(zip.bytes.includes(Buffer.from('Prints/Forest.jpg'))).toBe(true);
    expect(zip.bytes.includes(Buffer.from('Hidden'))).toBe(false);
    const subZip = await fetchBytes(visitor(), `/api/share-link/${token}/download.zip?folder_id=${w.prints}`);
    expect(subZip.bytes.includes(Buffer.from('Forest.jpg'))).toBe(true);
    expect(subZip.bytes.includes(Buffer.from('Beach.jpg'))).toBe(false);
    expectRefused(await visitor().get(`/api/share-link/${token}/download.zip?folder_id=${w.elsewhere}`), 404);
    const [row] = await db().select().from(shareLinks).where(eq(shareLinks.id, id));
    expect(row?.downloadCount).toBe(4);

    // Paging, and refusals of malformed input.
    const paged = await visitor().get(`/api/share-link/${token}/folders/${w.press}?per_page=1&page=2`);
    expect(paged.body.data).toMatchObject({ page: 2, per_page: 1, total: 1, assets: [], folders: [] });
    expectRefused(await visitor().get(`/api/share-link/${token}/folders/${w.press}?per_page=0`), 400);
    expectRefused(await visitor().get(`/api/share-link/${token}/folders/${w.press}?sort=title`), 400);
    expectRefused(await visitor().get(`/api/share-link/${token}/folders/0x10`), 400);
    expectRefused(await visitor().get(`/api/share-link/${token}/assets/${w.beach}/download?kind=raw`), 400);
    expectRefused(await visitor().get(`/api/share-link/${'x'.repeat(32)}/folders/${w.press}`), 404);
    // A tampered scope breaks the signature.
    expect((await fetchBytes(visitor(), beach.thumbnail_url.replace(/sl=\d+/, 'sl=999999'))).status).toBe(403);

    // Expired and trashed assets are hidden everywhere.
    await db()
      .update(assets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(assets.id, w.forest));
    expect((await visitor().get(`/api/share-link/${token}/folders/${w.prints}`)).body.data.assets).toEqual([]);
    expectRefused(await visitor().get(`/api/share-link/${token}/assets/${w.forest}`), 404);
    expect((await w.c.delete(`/asset/${w.beach}`)).status).toBe(200);
    expect((await fetchBytes(visitor(), beach.thumbnail_url)).status).toBe(404);
    expectRefused(await visitor().get(`/api/share-link/${token}/download.zip`), 404);
  });

  it('downloads only what the link permits', async () => {
    const w = await world();
    const previews = await share(w, { type: 'asset', asset_ids: [w.beach], download: 'PREVIEW' });
    const listed = await visitor().get(`/api/share-link/${previews.token}/assets`);
    expect(listed.body.data).toMatchObject({ type: 'asset', total: 1, download: 'PREVIEW', zip_url: null });
    const a = listed.body.data.assets[0];
    expect(a).toMatchObject({ download_url: null, downloads: { original: false, preview: true } });
    expect((await fetchBytes(visitor(), a.preview_download_url)).status).toBe(200);
    expectRefused(await visitor().get(`/api/share-link/${previews.token}/assets/${w.beach}/download`), 403);
    expectRefused(await visitor().get(`/api/share-link/${previews.token}/download.zip`), 403);
    expectRefused(await visitor().get(`/api/share-link/${previews.token}/assets/${w.forest}`), 404);

    const none = await share(w, { type: 'asset', asset_ids: [w.beach], download: 'NONE' });
    const b = (await visitor().get(`/api/share-link/${none.token}/assets/${w.beach}`)).body.data;
    expect(b).toMatchObject({ download_url: null, preview_download_url: null, downloads: { original: false, preview: false } });
    expect((await fetchBytes(visitor(), b.thumbnail_url)).status).toBe(200);
    expectRefused(await visitor().get(`/api/share-link/${none.token}/assets/${w.beach}/download?kind=preview`), 403);
    expectRefused(await visitor().get(`/api/share-link/${none.token}/assets/${w.beach}/download`), 403);
    expectRefused(await visitor().get(`/api/share-link/${none.token}/download.zip`), 403);
  });

  it('shows a collection only with assets of projects its creator may still edit', async () => {
    const w = await world();
    const other = await env().factories.project(w.owner.actor, { brandId: w.project.brandId, type: 'MEDIALIBRARY', name: 'Other' });
    const elsewhere = await photo(w.c, other.id, null, 'Elsewhere');
    await env().drainJobs();
    const col = (await w.c.post(`/project/${w.project.id}/collections`, { name: 'Campaign', description: 'Spring' })).body.data;
    expect((await w.c.post(`/collection/${col.id}/assets`, { asset_ids: [w.beach, elsewhere] })).status).toBe(200);
    const editor = await env().factories.member(w.accountId);
    expect((await w.c.put(`/project/${w.project.id}/user/${editor.id}`, { level: 'EDIT' })).status).toBe(200);
    expect((await w.c.put(`/project/${other.id}/user/${editor.id}`, { level: 'VIEW' })).status).toBe(200);
    const ec = await env().signIn(editor);
    const made = await ec.post('/share-link', { type: 'collection', collection_id: col.id, download: 'ORIGINAL' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const token = tokenOf(made.body.data.url);
    const ids = async () => (await visitor().get(`/api/share-link/${token}/assets`)).body.data.assets.map((a: { id: number }) => a.id);
    const first = await visitor().get(`/api/share-link/${token}/assets`);
    expect(first.body.data).toMatchObject({ type: 'collection', title: 'Campaign', description: 'Spring', total: 1 });
    expect(await ids()).toEqual([w.beach]);
    expectRefused(await visitor().get(`/api/share-link/${token}/assets/${elsewhere}`), 404);
    // Evaluated on each request: EDIT on the other library shows its asset too; losing EDIT hides it again.
    await w.c.put(`/project/${other.id}/user/${editor.id}`, { level: 'EDIT' });
    expect((await ids()).sort()).toEqual([w.beach, elsewhere].sort());
    const thumb = (await visitor().get(`/api/share-link/${token}/assets/${elsewhere}`)).body.data.thumbnail_url;
    expect((await fetchBytes(visitor(), thumb)).status).toBe(200);
    await w.c.put(`/project/${other.id}/user/${editor.id}`, { level: 'VIEW' });
    expect(await ids()).toEqual([w.beach]);
    expect((await fetchBytes(visitor(), thumb)).status).toBe(404);
    // Removed from the collection: gone at once.
    expect((await w.c.post(`/collection/${col.id}/assets/remove`, { asset_ids: [w.beach] })).status).toBe(200);
    expect(await ids()).toEqual([]);
  });

  it('asks for the password on everything of a locked link, and a new address ends earlier media URLs', async () => {
    const w = await world();
    const { id, token } = await share(w, { type: 'folder', set_id: w.press, download: 'ORIGINAL' });
    const thumb = (await visitor().get(`/api/share-link/${token}/folders/${w.press}`)).body.data.assets[0].thumbnail_url;
    await w.c.patch(`/share-link/${id}`, { password: 'correct horse' });
    const v = visitor();
    const locked = await v.get(`/api/share-link/${token}/folders/${w.press}`);
    expectRefused(locked, 401);
    expect(locked.body.error).toMatch(/password/);
    expect((await fetchBytes(v, thumb)).status).toBe(401);
    expectRefused(await v.get(`/api/share-link/${token}/assets/${w.beach}/download`), 401);
    expectRefused(await v.get(`/api/share-link/${token}/download.zip`), 401);
    const cookie = cookieOf(await v.post(`/api/share-link/${token}/unlock`, { password: 'correct horse' }));
    expect((await v.request('GET', `/api/share-link/${token}/folders/${w.press}`, undefined, { headers: { cookie } })).status).toBe(200);
    expect((await fetchBytes(v, thumb, { cookie })).status).toBe(200);
    // A new address: the old one is unknown and its media URLs are dead, even with the unlock.
    const renewed = await w.c.post(`/share-link/${id}/address`);
    expect((await fetchBytes(v, thumb, { cookie })).status).toBe(404);
    const fresh = tokenOf(renewed.body.data.url);
    const again = await v.request('GET', `/api/share-link/${fresh}/folders/${w.press}`, undefined, { headers: { cookie } });
    expect(again.status).toBe(200);
    expect((await fetchBytes(v, again.body.data.assets[0].thumbnail_url, { cookie })).status).toBe(200);
  });
  it('asks a visitor for the usage consent of a licensed asset before any download, and records it with the link', async () => {
    const w = await world();
    const licence = await w.c.post('/licence', { title: 'Press use only', text: '<p>Editorial use.</p>', require_consensus: true });
    expect(licence.status, JSON.stringify(licence.body)).toBe(201);
    const licenceId = licence.body.data.id as number;
    expect((await w.c.put(`/asset/${w.beach}/licences`, { licence_ids: [licenceId] })).status).toBe(200);
    const { id, token } = await share(w, { type: 'folder', set_id: w.press, download: 'ORIGINAL' });
    const v = visitor();
    const base = `/api/share-link/${token}`;

    // Refused without a consent: the original, the preview and a ZIP holding the asset; the 409 says what to accept.
    const refused = await v.get(`${base}/assets/${w.beach}/download`);
    expectRefused(refused, 409);
    expect(refused.body.licences).toEqual([expect.objectContaining({ id: licenceId, title: 'Press use only' })]);
    expectRefused(await v.get(`${base}/assets/${w.beach}/download?kind=preview`), 409);
    expectRefused(await v.get(`${base}/download.zip`), 409);
    // The asset without a licence downloads as before.
    expect((await fetchBytes(v, `${base}/assets/${w.forest}/download`)).status).toBe(200);

    const details = await v.get(`${base}/consent?asset_ids=${w.beach},${w.forest}`);
    expect(details.status).toBe(200);
    expect(details.body.data.assets.map((a: { id: number }) => a.id)).toEqual([w.beach]);
    // Only assets the link shows, only the licences shown, and a clear refusal for the rest.
    expectRefused(await v.get(`${base}/consent?asset_ids=${w.hidden}`), 404);
    expectRefused(await v.post(`${base}/consent`, { asset_ids: [w.hidden], licence_ids: [licenceId] }), 404);
    expectRefused(await v.post(`${base}/consent`, { asset_ids: [w.beach], licence_ids: [] }), 409);
    expectRefused(await v.post(`${base}/consent`, { asset_ids: [w.beach] }), 400, ['licence_ids']);

    // The owner's own consent token is bound to the owner, not to the link's visitors.
    const own = await w.c.post('/asset/consent', { asset_ids: [w.beach], licence_ids: [licenceId] });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expectRefused(await v.get(`${base}/assets/${w.beach}/download?consent=${own.body.data.consent_token}`), 409);

    const accepted = await v.post(`${base}/consent`, { asset_ids: [w.beach], licence_ids: [licenceId] });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const consent = accepted.body.data.consent_token as string;
    const original = await fetchBytes(v, `${base}/assets/${w.beach}/download?consent=${consent}`);
    expect(original.status).toBe(200);
    expect(original.bytes.equals(PHOTO)).toBe(true);
    expect((await fetchBytes(v, `${base}/download.zip?consent=${consent}`)).status).toBe(200);
    expectRefused(await v.get(`${base}/assets/${w.beach}/download?consent=not-a-token`), 400, ['consent']);
    const rows = await db().select().from(consentAcceptances).where(eq(consentAcceptances.shareLinkId, id));
    expect(rows).toEqual([
      expect.objectContaining({ userId: null, licenceId, licenceTitle: 'Press use only', assetIds: [w.beach], assetTitles: ['Beach'] }),
    ]);
    expect(rows[0]?.ip).toBeTruthy();

    // A link without downloads takes no consent.
    const none = await share(w, { type: 'folder', set_id: w.press, download: 'NONE' });
    expectRefused(await v.post(`/api/share-link/${none.token}/consent`, { asset_ids: [w.beach], licence_ids: [licenceId] }), 403);
  });
});
