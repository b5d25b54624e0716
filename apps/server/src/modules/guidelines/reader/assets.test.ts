import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { assets, events, portals } from '../../../db/schema.js';
import { type Client, forEachBackend } from '../../../test/harness.js';
import { fetchBytes, jpeg, unzip, uploadAsset, video } from '../../../test/media.js';
import { SCOPED_MAX_AGE_S } from '../../media/public.js';
import { kit, readerGet } from './test-kit.js';

/**
 * What visitors may load from a public guideline page (issue 11, §5 Access): the previews, transforms and downloads
 * of the assets a public page shows work without an account, nothing else does, and they stop when the block, page,
 * document or portal stops being public, signed URLs included.
 */

let PHOTO: Buffer;
let LOGO: Buffer;
let CLIP: Buffer;
beforeAll(async () => {
  PHOTO = await jpeg(1600, 1000, '#2266aa');
  LOGO = await jpeg(300, 300, '#111111');
  CLIP = await video(1);
});

/** The scoped media URLs of a page's images (`src` of each image), unescaped. */
const mediaUrls = (html: string) => [...html.matchAll(/<img\b[^>]*?\ssrc="(\/media\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

forEachBackend('guideline reader assets', (env) => {
  const k = kit(env);
  const anon = () => env().anon();
  const statusOf = async (c: Client, path: string, headers: Record<string, string> = {}) => (await fetchBytes(c, path, headers)).status;

  /** A public portal with a published page showing a photo, a logo picked in a downloads block, and a spare photo. */
  async function publicPage() {
    const { owner, accountId } = await env().factories.account();
    const admin = await env().signIn(owner);
    const library = await env().factories.project(owner.actor, { name: 'Brand assets' });
    const photo = await uploadAsset(env(), admin, library.id, 'photo.jpg', PHOTO, 'Harbour');
    const logo = await uploadAsset(env(), admin, library.id, 'logo.jpg', LOGO, 'Logo');
    const spare = await uploadAsset(env(), admin, library.id, 'spare.jpg', PHOTO, 'Never placed');
    const portal = await k.portal(admin, library.brandId, { visibility: 'PUBLIC' });
    const doc = await k.document(portal.id);
    const page = await k.page(doc.id, { title: 'Imagery' });
    const section = await k.section(page);
    const image = await k.block(section, 'image', { asset_ids: [photo.id], caption: 'Harbour' });
    const downloads = await k.block(section, 'downloads', { title: 'Logo pack', asset_ids: [logo.id, photo.id] });
    const path = `/document/${doc.id}/${page}`;
    return { owner, accountId, admin, library, photo, logo, spare, portal, doc, page, section, image, downloads, path };
  }

  it('serves a public page’s images to visitors with short caching, until the portal is no longer public', async () => {
    const p = await publicPage();
    const { html } = await readerGet(anon(), p.path);
    const urls = mediaUrls(html);
    expect(urls.length).toBe(3);
    for (const url of urls) {
      const res = await fetchBytes(anon(), url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
      expect(res.headers.get('cache-control')).toBe(`public, max-age=${SCOPED_MAX_AGE_S}`);
    }
    // A scoped URL is checked on every request, a revalidation included.
    const etag = (await fetchBytes(anon(), urls[0]!)).headers.get('etag')!;
    expect(await statusOf(anon(), urls[0]!, { 'if-none-match': etag })).toBe(304);
    await k.setVisibility(p.admin, p.portal.id, 'ACCOUNT');
    for (const url of urls) expect(await statusOf(anon(), url)).toBe(404);
    expect(await statusOf(anon(), urls[0]!, { 'if-none-match': etag })).toBe(404);
    await k.setVisibility(p.admin, p.portal.id, 'PUBLIC');
    expect(await statusOf(anon(), urls[0]!)).toBe(200);
  });

  it('stops serving them when the block is deleted, the page hidden or deleted, or the document unpublished', async () => {
    const p = await publicPage();
    const [imageUrl, ...tileUrls] = mediaUrls((await readerGet(anon(), p.path)).html);
    expect(imageUrl).toContain(`gb=${p.image}`);
    await k.setPage(p.page, { hidden: true });
    expect(await statusOf(anon(), imageUrl!)).toBe(404);
    await k.setPage(p.page, { hidden: false });
    expect(await statusOf(anon(), imageUrl!)).toBe(200);
    await k.setDocument(p.doc.id, { published: false });
    expect(await statusOf(anon(), imageUrl!)).toBe(404);
    await k.setDocument(p.doc.id, { published: true });
    expect(await statusOf(anon(), imageUrl!)).toBe(200);
    await k.deleteBlock(p.image);
    expect(await statusOf(anon(), imageUrl!)).toBe(404);
    // The downloads block still shows the photo: its own URLs keep working.
    for (const url of tileUrls) expect(await statusOf(anon(), url)).toBe(200);
    // A block no longer naming an asset stops serving it.
    await k.updateBlock(p.downloads, { title: 'Logo pack', asset_ids: [p.logo.id] });
    const photoTile = tileUrls.find((u) => u.includes(p.photo.asset_token));
    expect(await statusOf(anon(), photoTile!)).toBe(404);
    await k.setPage(p.page, { deleted: true });
    for (const url of tileUrls) expect(await statusOf(anon(), url)).toBe(404);
  });

  it('serves members the media of an ACCOUNT portal’s pages, which stop when the portal is for editors only', async () => {
    const p = await publicPage();
    await k.setVisibility(p.admin, p.portal.id, 'ACCOUNT');
    const member = await env().signIn(await env().factories.member(p.accountId, 'MEMBER'));
    const { html, status } = await readerGet(member, p.path);
    expect(status).toBe(200);
    const [url] = mediaUrls(html);
    expect(url).toContain('ga=account');
    const res = await fetchBytes(member, url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(`private, max-age=${SCOPED_MAX_AGE_S}`);
    await k.setVisibility(p.admin, p.portal.id, 'EDITORS');
    expect(await statusOf(member, url!)).toBe(404);
  });

  it('a changed scope is a bad signature, and an asset the block does not show is not served through it', async () => {
    const p = await publicPage();
    const [url] = mediaUrls((await readerGet(anon(), p.path)).html);
    expect(await statusOf(anon(), url!.replace(`gb=${p.image}`, `gb=${p.downloads}`))).toBe(403);
    expect(await statusOf(anon(), url!.replace(`gb=${p.image}&`, ''))).toBe(403);
    // The same block scope with the spare asset's token: no signature the server made names it.
    expect(await statusOf(anon(), url!.replace(p.photo.asset_token, p.spare.asset_token))).toBe(403);
  });

  it('downloads an asset of a block that offers downloads, and nothing else, to visitors', async () => {
    const p = await publicPage();
    const download = (blockId: number, assetId: number, c: Client = anon()) =>
      fetchBytes(c, `/api/guideline-block/${blockId}/assets/${assetId}/download`);
    const logo = await download(p.downloads, p.logo.id);
    expect(logo.status).toBe(200);
    expect(logo.bytes.equals(LOGO)).toBe(true);
    expect(logo.headers.get('content-disposition')).toMatch(/^attachment; filename="Logo\.jpg"/);
    expect(logo.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const [event] = await env()
      .started.database.db.select()
      .from(events)
      .where(and(eq(events.type, 'asset:download'), eq(events.subjectId, p.logo.id)));
    expect(event).toMatchObject({ actorId: null, data: { guideline_block_id: p.downloads } });
    // Byte ranges, as for any download.
    const part = await fetchBytes(anon(), `/api/guideline-block/${p.downloads}/assets/${p.logo.id}/download`, { range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.bytes.length).toBe(10);
    // The image block has downloads off; the spare asset is in no block; an unknown block; another asset's id.
    expect((await download(p.image, p.photo.id)).status).toBe(404);
    expect((await download(p.downloads, p.spare.id)).status).toBe(404);
    expect((await download(p.image, p.spare.id)).status).toBe(404);
    expect((await download(999_999, p.logo.id)).status).toBe(404);
    expect((await download(p.downloads, 999_999)).status).toBe(404);
    expect((await fetchBytes(anon(), `/api/guideline-block/${p.downloads}/assets/x/download`)).status).toBe(400);
    // Turning downloads on for the image block offers its image.
    await k.updateBlock(p.image, { asset_ids: [p.photo.id], download: true });
    expect((await download(p.image, p.photo.id)).status).toBe(200);
    // The asset's own download stays for signed-in callers with access only.
    expect((await fetchBytes(anon(), `/api/asset/${p.spare.id}/download`)).status).toBe(401);
    // No longer public: 404 for visitors, as if it never existed; its editors still download.
    await k.setVisibility(p.admin, p.portal.id, 'ACCOUNT');
    expect((await download(p.downloads, p.logo.id)).status).toBe(404);
    expect((await download(p.downloads, p.logo.id, p.admin)).status).toBe(200);
  });

  it('leaves out expired assets, from the page and its downloads', async () => {
    const p = await publicPage();
    const [, logoTile] = mediaUrls((await readerGet(anon(), p.path)).html);
    expect(logoTile).toContain(p.logo.asset_token);
    await env()
      .started.database.db.update(assets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(assets.id, p.logo.id));
    expect(await statusOf(anon(), logoTile!)).toBe(404);
    expect((await fetchBytes(anon(), `/api/guideline-block/${p.downloads}/assets/${p.logo.id}/download`)).status).toBe(404);
    await k.updateBlock(p.downloads, { title: 'Logo pack', asset_ids: [p.logo.id, p.photo.id] });
    const { html } = await readerGet(anon(), p.path);
    expect(html).not.toContain(p.logo.asset_token);
  });

  it('streams a block’s ZIP to visitors, refused once the page is not public', async () => {
    const p = await publicPage();
    const zip = await fetchBytes(anon(), `/api/guideline-block/${p.downloads}/download.zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(/^attachment; filename="Logo pack\.zip"/);
    const entries = await unzip(zip.bytes);
    expect(entries.map((e) => e.name)).toEqual(['Logo.jpg', 'Harbour.jpg']);
    expect(entries[0]!.data.equals(LOGO)).toBe(true);
    // An image block without downloads offers no ZIP; neither does a block visitors cannot see.
    expect((await fetchBytes(anon(), `/api/guideline-block/${p.image}/download.zip`)).status).toBe(404);
    await k.setDocument(p.doc.id, { published: false });
    expect((await fetchBytes(anon(), `/api/guideline-block/${p.downloads}/download.zip`)).status).toBe(404);
    expect((await fetchBytes(p.admin, `/api/guideline-block/${p.downloads}/download.zip`)).status).toBe(200);
  });

  it('offers a folder’s assets in a downloads block of the folder, and a library’s in a library block', async () => {
    const p = await publicPage();
    const folder = (await p.admin.post(`/set/create/${p.library.id}`, { name: 'Logos' })).body.data.id as number;
    await env().started.database.db.update(assets).set({ setId: folder }).where(eq(assets.id, p.logo.id));
    const byFolder = await k.block(p.section, 'downloads', { title: 'Folder', asset_ids: [], folder_id: folder });
    const library = await k.block(p.section, 'library', { project_id: p.library.id });
    const { html } = await readerGet(anon(), p.path);
    expect(html).toContain(`/api/guideline-block/${byFolder}/assets/${p.logo.id}/download`);
    expect(html).not.toContain(`/api/guideline-block/${byFolder}/assets/${p.photo.id}/download`);
    const download = (blockId: number, assetId: number) => statusOf(anon(), `/api/guideline-block/${blockId}/assets/${assetId}/download`);
    expect(await download(byFolder, p.logo.id)).toBe(200);
    expect(await download(byFolder, p.photo.id)).toBe(404);
    const zip = await unzip((await fetchBytes(anon(), `/api/guideline-block/${byFolder}/download.zip`)).bytes);
    expect(zip.map((e) => e.name)).toEqual(['Logo.jpg']);
    // The library block lists (and offers) the whole library, the never-placed asset included; but no ZIP of it.
    expect(await download(library, p.spare.id)).toBe(200);
    expect(await statusOf(anon(), `/api/guideline-block/${library}/download.zip`)).toBe(404);
    const libraryUrls = mediaUrls(html).filter((u) => u.includes(`gb=${library}`));
    expect(libraryUrls.length).toBe(3);
    for (const url of libraryUrls) expect(await statusOf(anon(), url)).toBe(200);
  });

  it('plays a video block’s file inline with byte ranges, for readers of the page only', async () => {
    const p = await publicPage();
    const clip = await uploadAsset(env(), p.admin, p.library.id, 'clip.mp4', CLIP, 'Brand film');
    const block = await k.block(p.section, 'video', { asset_id: clip.id, caption: 'Our film' });
    const { html } = await readerGet(anon(), p.path);
    const src = `/api/guideline-block/${block}/assets/${clip.id}/stream`;
    expect(html).toContain(`<source src="${src}" type="video/mp4"/>`);
    expect(html).toMatch(/<video controls="" preload="none" poster="\/media\/[^"]+gb=\d+/);
    const part = await fetchBytes(anon(), src, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-disposition')).toBeNull();
    expect(part.bytes.equals(CLIP.subarray(0, 100))).toBe(true);
    // Not a download, and not for other blocks' assets.
    expect(await statusOf(anon(), `/api/guideline-block/${block}/assets/${clip.id}/download`)).toBe(404);
    expect(await statusOf(anon(), `/api/guideline-block/${p.downloads}/assets/${p.logo.id}/stream`)).toBe(404);
    await k.setVisibility(p.admin, p.portal.id, 'EDITORS');
    expect(await statusOf(anon(), src)).toBe(404);
  });

  it('shows the hub’s key visual to visitors while the portal is public', async () => {
    const p = await publicPage();
    await env()
      .started.database.db.update(portals)
      .set({ coverSettings: { heading: 'Acme brand', subline: 'Everything about our brand', key_visual_asset_id: p.photo.id } })
      .where(eq(portals.id, p.portal.id));
    const hub = await readerGet(anon(), `/hub/${p.portal.id}`);
    expect(hub.html).toContain('<h1>Acme brand</h1>');
    expect(hub.html).toContain('Everything about our brand');
    const [url] = mediaUrls(hub.html);
    expect(url).toContain(`gp=${p.portal.id}`);
    expect(await statusOf(anon(), url!)).toBe(200);
    await k.setVisibility(p.admin, p.portal.id, 'ACCOUNT');
    expect(await statusOf(anon(), url!)).toBe(404);
  });
});
