import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assetLicences, consentAcceptances, licences } from '../../db/schema.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { fetchBytes, jpeg, uploadAsset } from '../../test/media.js';
import { assetsKit } from '../assets/assets-test-kit.js';
import { csvCell } from './operations.js';

forEachBackend('licences and usage consent', (env) => {
  const kit = assetsKit(env);
  const db = () => env().started.database.db;

  const team = kit.team;

  async function licence(c: Awaited<ReturnType<typeof team>>['c'], body: Record<string, unknown>) {
    const res = await c.post('/licence', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; title: string; text: string; require_consensus: boolean };
  }

  it('lets account admins create, change and delete licences that every member reads; text is sanitised', async () => {
    const { c, member } = await team();
    expect((await c.get('/licences')).body.data).toEqual([]);
    const created = await licence(c, {
      title: '  Editorial use ',
      text: '<p>Only <strong>editorial</strong> use.</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
      require_consensus: true,
    });
    expect(created).toMatchObject({ title: 'Editorial use', require_consensus: true, asset_count: 0 });
    expect(created.text).toContain('<p>Only <strong>editorial</strong> use.</p>');
    expect(created.text).not.toMatch(/script|onerror|alert/);
    const plain = await licence(c, { title: 'Attribution', text: 'Name the author & photographer' });
    expect(plain.text).toBe('<p>Name the author &amp; photographer</p>');
    expect(plain.require_consensus).toBe(false);
    // Every member reads the list, by title.
    const list = await member.get('/licences');
    expect(list.status).toBe(200);
    expect(list.body.data.map((l: { title: string }) => l.title)).toEqual(['Attribution', 'Editorial use']);

    const changed = await c.patch(`/licence/${plain.id}`, { title: 'Attribution 4.0', require_consensus: true });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ id: plain.id, title: 'Attribution 4.0', require_consensus: true });
    expect((await c.delete(`/licence/${plain.id}`)).body.data).toEqual({ id: plain.id, deleted: true });
    expect((await c.get('/licences')).body.data.map((l: { id: number }) => l.id)).toEqual([created.id]);
  });

  it('refuses members, other accounts, visitors and invalid input, and stores nothing', async () => {
    const { c, member, accountId } = await team();
    const other = await team();
    const mine = await licence(c, { title: 'Mine' });
    expectRefused(await member.post('/licence', { title: 'Sneaky' }), 403);
    expectRefused(await member.patch(`/licence/${mine.id}`, { title: 'Sneaky' }), 403);
    expectRefused(await member.delete(`/licence/${mine.id}`), 403);
    expectRefused(await other.c.patch(`/licence/${mine.id}`, { title: 'Foreign' }), 404);
    expectRefused(await other.c.delete(`/licence/${mine.id}`), 404);
    expectRefused(await env().anon().get('/licences'), 401);
    expectRefused(await c.post('/licence', { title: '   ' }), 400, ['title']);
    expectRefused(await c.post('/licence', { title: 'X', require_consensus: 'yes' }), 400, ['require_consensus']);
    expectRefused(await c.post('/licence', { title: 'X', extra: 1 }), 400);
    expectRefused(await c.patch(`/licence/${mine.id}`, {}), 400);
    expectRefused(await c.patch('/licence/0x10', { title: 'Y' }), 400);
    const rows = await db().select().from(licences).where(eq(licences.accountId, accountId));
    expect(rows.map((r) => r.title)).toEqual(['Mine']);
    expect((await other.c.get('/licences')).body.data).toEqual([]);
  });

  it('sets an asset’s licences and copyright (EDIT), shown in the asset payload; each licence id is checked', async () => {
    const { c, accountId, project } = await team();
    const other = await team();
    const foreign = await licence(other.c, { title: 'Foreign' });
    const a = await licence(c, { title: 'Campaign', text: '<p>Campaign only</p>', require_consensus: true });
    const b = await licence(c, { title: 'Attribution' });
    const assetId = await kit.link(c, project.id, 'Poster');
    const viewer = await kit.collaborator(c, accountId, project.id, 'VIEW');

    const before = (await c.get(`/asset/${assetId}`)).body.data;
    expect(before.copyright).toEqual({ status: 'UNKNOWN', notice: '', is_download_consent_required: false });
    expect(before.licenses).toEqual([]);
    expect(before.requires_consent).toBe(false);

    const set = await c.put(`/asset/${assetId}/licences`, {
      licence_ids: [a.id, b.id, a.id],
      copyright: { status: 'COPYRIGHTED', notice: '© Acme 2026', is_download_consent_required: false },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ asset_id: assetId, requires_consent: true });
    const after = (await viewer.get(`/asset/${assetId}`)).body.data;
    expect(after.copyright).toEqual({ status: 'COPYRIGHTED', notice: '© Acme 2026', is_download_consent_required: false });
    expect(after.licenses).toEqual([
      { id: b.id, title: 'Attribution', license: '', require_consensus: false },
      { id: a.id, title: 'Campaign', license: '<p>Campaign only</p>', require_consensus: true },
    ]);
    expect(after.requires_consent).toBe(true);
    expect((await c.get('/licences')).body.data.find((l: { id: number }) => l.id === a.id).asset_count).toBe(1);

    // Refusals: a viewer may not change rights; another account's licence is not a licence here; nothing changes.
    expectRefused(await viewer.put(`/asset/${assetId}/licences`, { licence_ids: [] }), 403);
    expectRefused(await c.put(`/asset/${assetId}/licences`, { licence_ids: [b.id, foreign.id] }), 400, ['licence_ids']);
    expectRefused(await other.c.put(`/asset/${assetId}/licences`, { licence_ids: [foreign.id] }), 404);
    expectRefused(await c.put(`/asset/${assetId}/licences`, { copyright: { status: 'MAYBE' } }), 400);
    expectRefused(await c.put(`/asset/${assetId}/licences`, {}), 400);
    const links = await db().select().from(assetLicences).where(eq(assetLicences.assetId, assetId));
    expect(links.map((l) => l.licenceId).sort()).toEqual([a.id, b.id].sort());

    // Only the copyright: the licences stay; a deleted licence leaves the asset.
    expect((await c.put(`/asset/${assetId}/licences`, { copyright: { notice: 'CC0' } })).body.data.licenses).toHaveLength(2);
    await c.delete(`/licence/${a.id}`);
    const last = (await c.get(`/asset/${assetId}`)).body.data;
    expect(last.licenses.map((l: { id: number }) => l.id)).toEqual([b.id]);
    expect(last.copyright.notice).toBe('CC0');
    expect(last.requires_consent).toBe(false);
  });

  it('refuses downloads that need consent until the person accepts; the token works only for them', async () => {
    const { c, accountId, project, owner } = await team();
    const photo = await jpeg(40, 30);
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', photo, 'Beach');
    const free = await uploadAsset(env(), c, project.id, 'free.jpg', await jpeg(20, 20, '#00aa00'), 'Free');
    const terms = await licence(c, { title: 'Campaign terms', text: '<p>Use in the campaign only.</p>', require_consensus: true });
    const credit = await licence(c, { title: 'Credit', text: '<p>Credit Acme.</p>' });
    await c.put(`/asset/${asset.id}/licences`, { licence_ids: [terms.id, credit.id], copyright: { notice: '© Acme' } });
    const viewer = await kit.collaborator(c, accountId, project.id, 'VIEW');

    // Without consent: 409 with what the dialog shows (every licence of the asset, its notice).
    const refused = await fetchBytes(c, `/api/asset/${asset.id}/download`);
    expect(refused.status).toBe(409);
    const body = refused.json();
    expect(body).toMatchObject({ success: false, error: 'Consent required' });
    expect(body.licences).toEqual([
      { id: terms.id, title: 'Campaign terms', text: '<p>Use in the campaign only.</p>' },
      { id: credit.id, title: 'Credit', text: '<p>Credit Acme.</p>' },
    ]);
    expect(body.assets).toEqual([
      { id: asset.id, title: 'Beach', copyright_status: 'UNKNOWN', copyright_notice: '© Acme', licence_ids: [terms.id, credit.id] },
    ]);
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download?width=10&format=png`)).status).toBe(409);
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download?consent=forged.token`)).status).toBe(409);
    // An asset without such licences downloads as before.
    expect((await fetchBytes(c, `/api/asset/${free.id}/download`)).status).toBe(200);
    // What consent a selection needs (GET), for the dialog before a download.
    const asked = await c.get(`/asset/consent?asset_ids=${asset.id},${free.id}`);
    expect(asked.status).toBe(200);
    expect(asked.body.data.assets.map((a: { id: number }) => a.id)).toEqual([asset.id]);

    // Accepting: every licence shown, each a licence of these assets.
    expectRefused(await c.post('/asset/consent', { asset_ids: [asset.id], licence_ids: [terms.id] }), 409);
    const stranger = await licence(c, { title: 'Unrelated' });
    expectRefused(await c.post('/asset/consent', { asset_ids: [asset.id], licence_ids: [terms.id, credit.id, stranger.id] }), 400, [
      'licence_ids',
    ]);
    expectRefused(await c.post('/asset/consent', { asset_ids: [asset.id, 999_999], licence_ids: [terms.id, credit.id] }), 404);
    expect(await db().select().from(consentAcceptances).where(eq(consentAcceptances.accountId, accountId))).toEqual([]);
    const granted = await c.post('/asset/consent', { asset_ids: [asset.id], licence_ids: [terms.id, credit.id] });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    expect(granted.body.data.recorded).toBe(2);
    const token = granted.body.data.consent_token as string;

    const rows = await db().select().from(consentAcceptances).where(eq(consentAcceptances.accountId, accountId));
    expect(rows.map((r) => [r.userId, r.licenceId, r.licenceTitle, r.assetIds, r.assetTitles, r.shareLinkId]).sort()).toEqual(
      [
        [owner.id, terms.id, 'Campaign terms', [asset.id], ['Beach'], null],
        [owner.id, credit.id, 'Credit', [asset.id], ['Beach'], null],
      ].sort(),
    );

    const ok = await fetchBytes(c, `/api/asset/${asset.id}/download?consent=${encodeURIComponent(token)}`);
    expect(ok.status).toBe(200);
    expect(ok.bytes.equals(photo)).toBe(true);
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download?width=10&format=png&consent=${token}`)).status).toBe(200);
    // The same URL in someone else's hands: refused, they must accept for themselves.
    expect((await fetchBytes(viewer, `/api/asset/${asset.id}/download?consent=${token}`)).status).toBe(409);
    // A tampered token is refused.
    const [payload, sig] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), s: 'u1' })).toString('base64url')}.${sig}`;
    expect((await fetchBytes(viewer, `/api/asset/${asset.id}/download?consent=${forged}`)).status).toBe(409);
    // A licence attached after the acceptance needs a new one.
    const extra = await licence(c, { title: 'Extra', require_consensus: true });
    await c.put(`/asset/${asset.id}/licences`, { licence_ids: [terms.id, credit.id, extra.id] });
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download?consent=${token}`)).status).toBe(409);
    await c.put(`/asset/${asset.id}/licences`, { licence_ids: [terms.id, credit.id] });

    // The ZIP of a selection: refused without consent, prepared with it.
    expectRefused(await c.post('/asset/bulk-download', { asset_ids: [asset.id, free.id] }), 409);
    const zip = await c.post('/asset/bulk-download', { asset_ids: [asset.id, free.id], consent_token: token });
    expect(zip.status, JSON.stringify(zip.body)).toBe(200);
    expect(zip.body.data.count).toBe(2);
    expectRefused(await viewer.post('/asset/bulk-download', { asset_ids: [asset.id], consent_token: token }), 409);
    expectRefused(await c.post('/asset/bulk-download', { project_id: project.id }), 409);
  });

  it('asks consent for an asset that requires it without licences, recording its copyright notice', async () => {
    const { c, accountId, project } = await team();
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', await jpeg(10, 10), 'Portrait');
    await c.put(`/asset/${asset.id}/licences`, { copyright: { is_download_consent_required: true, notice: 'Model release on file' } });
    const refused = (await fetchBytes(c, `/api/asset/${asset.id}/download`)).json();
    expect(refused.licences).toEqual([]);
    expect(refused.assets[0]).toMatchObject({ id: asset.id, copyright_notice: 'Model release on file' });
    const granted = await c.post('/asset/consent', { asset_ids: [asset.id], licence_ids: [] });
    expect(granted.body.data.recorded).toBe(1);
    const [row] = await db()
      .select()
      .from(consentAcceptances)
      .where(and(eq(consentAcceptances.accountId, accountId)));
    expect(row).toMatchObject({ licenceId: null, licenceTitle: 'Copyright notice', assetIds: [asset.id], assetTitles: ['Portrait'] });
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download?consent=${granted.body.data.consent_token}`)).status).toBe(200);
  });

  it('exports the acceptances as CSV for account admins, safe against formula injection', async () => {
    const { c, accountId, project, member } = await team();
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', await jpeg(10, 10), '+SUM(A1) "quoted"');
    const evil = await licence(c, { title: '=HYPERLINK("http://x")', require_consensus: true });
    await c.put(`/asset/${asset.id}/licences`, { licence_ids: [evil.id] });
    expect((await c.post('/asset/consent', { asset_ids: [asset.id], licence_ids: [evil.id] })).status).toBe(201);

    const res = await fetchBytes(c, '/api/consent-acceptances.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('consent-acceptances.csv');
    const lines = res.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"date","user_name","user_email","share_link_id","ip","licence_id","licence_title","asset_ids","asset_titles"');
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split('","');
    expect(cells[2]).toContain('@');
    expect(cells[5]).toBe(String(evil.id));
    expect(cells[6]).toBe(`'=HYPERLINK(""http://x"")`);
    expect(cells[7]).toBe(String(asset.id));
    expect(cells[8]).toBe(`'+SUM(A1) ""quoted"""`);

    expect((await fetchBytes(member, '/api/consent-acceptances.csv')).status).toBe(403);
    expect((await fetchBytes(env().anon(), '/api/consent-acceptances.csv')).status).toBe(401);
    // Another account's export holds none of these.
    const other = await team();
    const theirs = (await fetchBytes(other.c, '/api/consent-acceptances.csv')).bytes.toString('utf8').trim().split('\r\n');
    expect(theirs).toHaveLength(1);
    expect(accountId).not.toBe(other.accountId);
  });

  it('escapes every cell that a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(1)')).toBe(`"'@SUM(1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('a "b"')).toBe(`"a ""b"""`);
    expect(csvCell(null)).toBe('""');
    expect(csvCell(12)).toBe('"12"');
  });
});
