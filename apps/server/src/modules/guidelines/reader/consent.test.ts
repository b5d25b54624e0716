import { beforeAll, expect, it } from 'vitest';
import { forEachBackend } from '../../../test/harness.js';
import { expectRefused } from '../../../test/helpers.js';
import { fetchBytes, jpeg, unzip, uploadAsset } from '../../../test/media.js';
import { kit } from './test-kit.js';

/**
 * Usage consent in the public reader (decision 0031): a reader learns what a block's download asks consent for
 * (GET /api/guideline-block/{id}/consent), accepts it (POST …/consent) and downloads with the token; without it the
 * download and the block's ZIP answer 409 with the terms.
 */

let LOGO: Buffer;
beforeAll(async () => {
  LOGO = await jpeg(300, 300, '#111111');
});

forEachBackend('guideline reader usage consent', (env) => {
  const k = kit(env);
  const anon = () => env().anon();

  async function publicPage() {
    const { owner } = await env().factories.account();
    const admin = await env().signIn(owner);
    const library = await env().factories.project(owner.actor, { name: 'Brand assets' });
    const logo = await uploadAsset(env(), admin, library.id, 'logo.jpg', LOGO, 'Logo');
    const free = await uploadAsset(env(), admin, library.id, 'free.jpg', LOGO, 'Free');
    const spare = await uploadAsset(env(), admin, library.id, 'spare.jpg', LOGO, 'Never placed');
    const portal = await k.portal(admin, library.brandId, { visibility: 'PUBLIC' });
    const doc = await k.document(portal.id);
    const page = await k.page(doc.id, { title: 'Logos' });
    const section = await k.section(page);
    const downloads = await k.block(section, 'downloads', { title: 'Logo pack', asset_ids: [logo.id, free.id] });
    const licence = await admin.post('/licence', {
      title: 'Editorial use',
      text: '<p>Only <em>editorial</em> use.</p>',
      require_consensus: true,
    });
    expect(licence.status, JSON.stringify(licence.body)).toBe(201);
    const rights = await admin.put(`/asset/${logo.id}/licences`, {
      licence_ids: [licence.body.data.id],
      copyright: { status: 'COPYRIGHTED', notice: '© Acme' },
    });
    expect(rights.status, JSON.stringify(rights.body)).toBe(200);
    return { admin, logo, free, spare, doc, downloads, licenceId: licence.body.data.id as number };
  }

  it('says what a download or the ZIP asks consent for, and nothing for assets that ask none', async () => {
    const p = await publicPage();
    const one = await anon().get(`/api/guideline-block/${p.downloads}/consent?asset_ids=${p.logo.id}`);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toEqual({
      licences: [{ id: p.licenceId, title: 'Editorial use', text: '<p>Only <em>editorial</em> use.</p>' }],
      assets: [{ id: p.logo.id, title: 'Logo', copyright_status: 'COPYRIGHTED', copyright_notice: '© Acme', licence_ids: [p.licenceId] }],
    });
    expect((await anon().get(`/api/guideline-block/${p.downloads}/consent?asset_ids=${p.free.id}`)).body.data).toEqual({
      licences: [],
      assets: [],
    });
    // Without asset_ids: the block's ZIP, which holds the logo.
    const zip = await anon().get(`/api/guideline-block/${p.downloads}/consent`);
    expect(zip.body.data.assets.map((a: { id: number }) => a.id)).toEqual([p.logo.id]);
  });

  it('refuses assets the block does not offer, invalid ids and blocks the caller cannot read', async () => {
    const p = await publicPage();
    expectRefused(await anon().get(`/api/guideline-block/${p.downloads}/consent?asset_ids=${p.spare.id}`), 404);
    expectRefused(await anon().get(`/api/guideline-block/${p.downloads}/consent?asset_ids=${p.logo.id},${p.spare.id}`), 404);
    expectRefused(await anon().get(`/api/guideline-block/${p.downloads}/consent?asset_ids=x`), 400, ['asset_ids.0']);
    expectRefused(await anon().get(`/api/guideline-block/${p.downloads}/consent?asset_ids=${p.logo.id}&other=1`), 400);
    expectRefused(await anon().get(`/api/guideline-block/0/consent?asset_ids=${p.logo.id}`), 400);
    await k.setDocument(p.doc.id, { published: false });
    expectRefused(await anon().get(`/api/guideline-block/${p.downloads}/consent?asset_ids=${p.logo.id}`), 404);
    expectRefused(await anon().get(`/api/guideline-block/${p.downloads}/consent`), 404);
    expect((await p.admin.get(`/api/guideline-block/${p.downloads}/consent`)).status).toBe(200);
  });

  it('answers only for blocks that offer downloads: an image without downloads, a folder ZIP, expired and foreign assets', async () => {
    const p = await publicPage();
    const section = await k.section(await k.page(p.doc.id, { title: 'More' }));
    // An image block that shows the logo without offering downloads: nothing to ask, nothing to accept.
    const shown = await k.block(section, 'image', { asset_ids: [p.logo.id], fit: 'FIT', download: false });
    expectRefused(await anon().get(`/api/guideline-block/${shown}/consent?asset_ids=${p.logo.id}`), 404);
    expectRefused(await anon().get(`/api/guideline-block/${shown}/consent`), 404);
    expectRefused(await anon().post(`/api/guideline-block/${shown}/consent`, { asset_ids: [p.logo.id], licence_ids: [p.licenceId] }), 404);
    // A downloads block offering a whole folder: its ZIP covers the folder's assets.
    const folder = await p.admin.post(`/set/create/${p.logo.project_id}`, { name: 'Pack' });
    expect(folder.status).toBe(201);
    const moved = await p.admin.post('/assets/transfer', {
      source: { project: p.logo.project_id },
      target: { project: p.logo.project_id, folder: folder.body.data.id },
      assets: [p.logo.id],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBeLessThan(300);
    const byFolder = await k.block(section, 'downloads', { title: 'Folder pack', asset_ids: [], folder_id: folder.body.data.id });
    const zip = await anon().get(`/api/guideline-block/${byFolder}/consent`);
    expect(zip.status, JSON.stringify(zip.body)).toBe(200);
    expect(zip.body.data.assets.map((a: { id: number }) => a.id)).toEqual([p.logo.id]);
    // An asset of another account, or one past its expiry, is not one the block offers.
    const other = await env().factories.account();
    const otherAdmin = await env().signIn(other.owner);
    const otherLibrary = await env().factories.project(other.owner.actor, { name: 'Theirs' });
    const foreign = await uploadAsset(env(), otherAdmin, otherLibrary.id, 'theirs.jpg', LOGO, 'Theirs');
    expectRefused(await anon().get(`/api/guideline-block/${p.downloads}/consent?asset_ids=${foreign.id}`), 404);
    expect((await p.admin.patch(`/asset/${p.free.id}`, { expires_at: new Date(Date.now() - 60_000).toISOString() })).status).toBe(200);
    expectRefused(await anon().get(`/api/guideline-block/${p.downloads}/consent?asset_ids=${p.free.id}`), 404);
    // Anonymous callers name a bounded list.
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expectRefused(await anon().get(`/api/guideline-block/${p.downloads}/consent?asset_ids=${many}`), 400, ['asset_ids']);
  });

  it('downloads the file and the ZIP only after the reader accepted, with their own token', async () => {
    const p = await publicPage();
    const file = `/api/guideline-block/${p.downloads}/assets/${p.logo.id}/download`;
    const refused = await fetchBytes(anon(), file);
    expect(refused.status).toBe(409);
    const body = JSON.parse(refused.bytes.toString('utf8'));
    expect(body).toMatchObject({ success: false, error: 'Consent required', licences: [{ id: p.licenceId }], assets: [{ id: p.logo.id }] });
    expect((await fetchBytes(anon(), `/api/guideline-block/${p.downloads}/download.zip`)).status).toBe(409);
    // The asset without terms downloads at once.
    expect((await fetchBytes(anon(), `/api/guideline-block/${p.downloads}/assets/${p.free.id}/download`)).status).toBe(200);

    const grant = await anon().post(`/api/guideline-block/${p.downloads}/consent`, { asset_ids: [p.logo.id], licence_ids: [p.licenceId] });
    expect(grant.status, JSON.stringify(grant.body)).toBe(201);
    const token = encodeURIComponent(grant.body.data.consent_token);
    const ok = await fetchBytes(anon(), `${file}?consent=${token}`);
    expect(ok.status).toBe(200);
    expect(ok.bytes.equals(LOGO)).toBe(true);
    const zip = await fetchBytes(anon(), `/api/guideline-block/${p.downloads}/download.zip?consent=${token}`);
    expect(zip.status).toBe(200);
    expect((await unzip(zip.bytes)).map((e) => e.name)).toEqual(['Logo.jpg', 'Free.jpg']);
    // A visitor's token is not a signed-in user's.
    expect((await fetchBytes(p.admin, `${file}?consent=${token}`)).status).toBe(409);
  });
});
