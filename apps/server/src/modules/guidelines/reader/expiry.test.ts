import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { assets } from '../../../db/schema.js';
import type { Client } from '../../../test/harness.js';
import { forEachBackend } from '../../../test/harness.js';
import { fetchBytes, jpeg, unzip, uploadAsset } from '../../../test/media.js';
import { kit as guidelineKit, readerGet } from './test-kit.js';

/*
 * Expiring assets on public pages (issue 12 §5, decision 0033): once an asset's expires_at, set through PATCH
 * /api/asset/{id}, has passed, visitors get nothing of it, URLs handed out before included; collaborators still do.
 */

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const mediaUrls = (html: string) => [...html.matchAll(/<img\b[^>]*?\ssrc="(\/media\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

let PHOTO: Buffer;
let LOGO: Buffer;
beforeAll(async () => {
  PHOTO = await jpeg(800, 500, '#2266aa');
  LOGO = await jpeg(200, 200, '#111111');
});

forEachBackend('expiring assets on public pages', (env) => {
  const db = () => env().started.database.db;
  const g = guidelineKit(env);
  const anon = () => env().anon();
  const patch = (c: Client, id: number, body: unknown) => c.patch(`/asset/${id}`, body);

  /** A public portal's page with an image block (photo), a downloads block (photo, logo) and a library block. */
  async function publicPage() {
    const { owner } = await env().factories.account();
    const admin = await env().signIn(owner);
    const library = await env().factories.project(owner.actor, { name: 'Brand assets' });
    const photo = await uploadAsset(env(), admin, library.id, 'photo.jpg', PHOTO, 'Harbour');
    const logo = await uploadAsset(env(), admin, library.id, 'logo.jpg', LOGO, 'Logo');
    const portal = await g.portal(admin, library.brandId, { visibility: 'PUBLIC' });
    const doc = await g.document(portal.id);
    const page = await g.page(doc.id, { title: 'Imagery' });
    const section = await g.section(page);
    const image = await g.block(section, 'image', { asset_ids: [photo.id], caption: 'Harbour' });
    const downloads = await g.block(section, 'downloads', { title: 'Pack', asset_ids: [photo.id, logo.id] });
    const libraryBlock = await g.block(section, 'library', { project_id: library.id });
    return { admin, library, photo, logo, doc, page, section, image, downloads, libraryBlock, path: `/document/${doc.id}/${page}` };
  }

  it('hides an expired asset from public pages: media URLs handed out before answer 404, downloads and searches leave it out', async () => {
    const p = await publicPage();
    const before = await readerGet(anon(), p.path);
    expect(before.status).toBe(200);
    const imageUrl = mediaUrls(before.html).find((u) => u.includes(`gb=${p.image}`))!;
    expect(imageUrl).toContain(p.photo.asset_token);
    expect((await fetchBytes(anon(), imageUrl)).status).toBe(200);
    const fileDownload = `/api/guideline-block/${p.downloads}/assets/${p.photo.id}/download`;
    expect((await fetchBytes(anon(), fileDownload)).status).toBe(200);
    expect((await anon().get(`/api/guideline-block/${p.libraryBlock}/assets?q=harbour`)).body.data.count).toBe(1);

    expect((await patch(p.admin, p.photo.id, { expires_at: at(-60_000) })).status).toBe(200);

    expect((await fetchBytes(anon(), imageUrl)).status).toBe(404);
    expect((await fetchBytes(anon(), fileDownload)).status).toBe(404);
    const zip = await fetchBytes(anon(), `/api/guideline-block/${p.downloads}/download.zip`);
    expect(zip.status).toBe(200);
    expect((await unzip(zip.bytes)).map((e) => e.name)).toEqual(['Logo.jpg']);
    const search = (await anon().get(`/api/guideline-block/${p.libraryBlock}/assets?q=harbour`)).body.data;
    expect(search.count).toBe(0);
    expect(search.html).not.toContain(p.photo.asset_token);
    // A page rendered now leaves it out (the cached one above ends with its time to live; its media already do).
    const fresh = await g.page(p.doc.id, { title: 'Fresh' });
    const freshSection = await g.section(fresh);
    await g.block(freshSection, 'image', { asset_ids: [p.photo.id] });
    await g.block(freshSection, 'library', { project_id: p.library.id });
    const freshHtml = (await readerGet(anon(), `/document/${p.doc.id}/${fresh}`)).html;
    expect(freshHtml).not.toContain(p.photo.asset_token);
    expect(freshHtml).toContain(p.logo.asset_token);
    // Signed-in collaborators still reach it, marked expired.
    const seen = (await p.admin.get(`/asset/${p.photo.id}?include_urls=true`)).body.data;
    expect(seen.is_expired).toBe(true);
    expect((await fetchBytes(p.admin, seen.thumbnail_url)).status).toBe(200);
    expect((await fetchBytes(p.admin, `/api/asset/${p.photo.id}/download`)).status).toBe(200);

    // Cleared, the same URL works again.
    await patch(p.admin, p.photo.id, { expires_at: null });
    expect((await fetchBytes(anon(), imageUrl)).status).toBe(200);
    expect((await fetchBytes(anon(), fileDownload)).status).toBe(200);
  });

  it('an expiry still ahead changes nothing for visitors until it passes', async () => {
    const p = await publicPage();
    await patch(p.admin, p.photo.id, { expires_at: at(DAY) });
    const { html } = await readerGet(anon(), p.path);
    const imageUrl = mediaUrls(html).find((u) => u.includes(`gb=${p.image}`))!;
    expect((await fetchBytes(anon(), imageUrl)).status).toBe(200);
    // It passes (the clock of the database decides): the URL stops at once.
    await db()
      .update(assets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(assets.id, p.photo.id));
    expect((await fetchBytes(anon(), imageUrl)).status).toBe(404);
  });
});
