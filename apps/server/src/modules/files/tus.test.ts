import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { files } from '../../db/schema.js';
import { Client, forEachBackend } from '../../test/harness.js';
import { expectRefused, uploadTokenIs } from '../../test/helpers.js';
import { fileRowCount, ownerWithProject, storedObjects } from '../../test/media.js';
import { tusDirectory } from './tus.js';

let PNG: Buffer;
beforeAll(async () => {
  PNG = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00aa44' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
});

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** A minimal tus 1.0 client over fetch, with the session (cookie + CSRF) or a bearer token of `c`. */
function tus(c: Client, prefix: '/api' | '/v1' = '/api') {
  const headers = (extra: Record<string, string> = {}) => {
    const h: Record<string, string> = { 'tus-resumable': '1.0.0', ...extra };
    if (c.cookie) h.cookie = c.cookie;
    if (c.csrf) h['x-csrf-token'] = c.csrf;
    if (c.opts.bearer) h.authorization = `Bearer ${c.opts.bearer}`;
    return h;
  };
  return {
    create: (length: number, metadata: Record<string, string>) =>
      fetch(`${c.base}${prefix}/upload/tus`, {
        method: 'POST',
        headers: headers({
          'upload-length': String(length),
          'upload-metadata': Object.entries(metadata)
            .map(([k, v]) => `${k} ${b64(v)}`)
            .join(','),
        }),
      }),
    patch: (location: string, offset: number, body: Buffer) =>
      fetch(`${c.base}${location}`, {
        method: 'PATCH',
        headers: headers({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
        body: new Uint8Array(body),
      }),
    head: (location: string) => fetch(`${c.base}${location}`, { method: 'HEAD', headers: headers() }),
  };
}

forEachBackend('tus uploads', (env) => {
  const db = () => env().started.database.db;
  const tusFiles = () => readdirSync(tusDirectory(env().started.app.config.dataDir));

  const setup = (type?: string) => ownerWithProject(env(), type);

  it('uploads in chunks, resumes from HEAD, and answers Emblem-File-Id on the last PATCH', async () => {
    const { accountId, project, c } = await setup();
    const t = tus(c);
    const created = await t.create(PNG.length, { filename: 'Résumé photo.png', project_id: String(project.id), filetype: 'image/png' });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(/^\/api\/upload\/tus\/[0-9a-f]{32}$/);
    const half = Math.floor(PNG.length / 2);
    const first = await t.patch(location, 0, PNG.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    expect(first.headers.get('emblem-file-id')).toBeNull();
    const head = await t.head(location);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const last = await t.patch(location, half, PNG.subarray(half));
    expect(last.status, await last.clone().text()).toBe(204);
    const fileId = last.headers.get('emblem-file-id') ?? '';
    expect(fileId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = await db().select().from(files).where(uploadTokenIs(fileId));
    expect(row).toMatchObject({ accountId, size: PNG.length, extension: 'png', mimeType: 'image/png', originalName: 'Résumé photo.png' });
    const uploadId = location.split('/').pop() ?? '';
    // Asking again names the upload by a new token (only hashes are kept); the earlier one stops working.
    const lookup = await c.get(`/upload/tus/${uploadId}/file`);
    expect(lookup.body).toEqual({ success: true, data: { file_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) } });
    expect(lookup.body.data.file_id).not.toBe(fileId);
    expectRefused(await c.post('/asset', { file_id: fileId, project_id: project.id }), 400, ['file_id']);
    // The temporary tus data is gone.
    expect(tusFiles().filter((f) => f.startsWith(uploadId))).toEqual([]);
    // The file makes an asset like a multipart upload does.
    expect((await c.post('/asset', { file_id: lookup.body.data.file_id, project_id: project.id })).status).toBe(201);
    // Once used, the upload has no file to name any more.
    expectRefused(await c.get(`/upload/tus/${uploadId}/file`), 400, ['uploadId']);
  });

  it('resumes an upload whose PATCH stalled mid-body: HEAD gives what arrived, the rest completes the same bytes', async () => {
    const { accountId, project, c } = await setup();
    const t = tus(c);
    const created = await t.create(PNG.length, { filename: 'cut.png', project_id: String(project.id) });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const part = Math.floor(PNG.length / 3);
    // A PATCH announcing every byte that stalls after the first third (a dropped network), as a client sees it.
    const url = new URL(`${c.base}${location}`);
    const headers: Record<string, string> = {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(PNG.length),
      cookie: c.cookie ?? '',
      'x-csrf-token': c.csrf ?? '',
    };
    const stalled = request(url, { method: 'PATCH', headers });
    stalled.on('error', () => {});
    await new Promise<void>((resolve) => stalled.write(PNG.subarray(0, part), () => resolve()));
    // The client gives up on it and asks where to go on: the server lets go of the stalled request and keeps
    // exactly the bytes that arrived.
    await expect.poll(async () => Number((await t.head(location)).headers.get('upload-offset')), { timeout: 15_000 }).toBe(part);
    stalled.destroy();
    const head = await t.head(location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(part);
    expect(head.headers.get('upload-length')).toBe(String(PNG.length));
    // Resuming from anywhere but the stored offset is a conflict.
    expect((await t.patch(location, 0, PNG)).status).toBe(409);
    const rest = await t.patch(location, offset, PNG.subarray(offset));
    expect(rest.status, await rest.clone().text()).toBe(204);
    const [row] = await db()
      .select()
      .from(files)
      .where(uploadTokenIs(rest.headers.get('emblem-file-id') ?? ''));
    expect(row).toMatchObject({ accountId, size: PNG.length, sha256: createHash('sha256').update(PNG).digest('hex') });
  });

  it('refuses at creation: metadata missing, extension not allowed, too large, no access', async () => {
    const { accountId, project, c } = await setup();
    const t = tus(c);
    const before = tusFiles().length;
    const noName = await t.create(10, { project_id: String(project.id) });
    expect(noName.status).toBe(400);
    expect(JSON.parse(await noName.text()).errors.filename).toBeDefined();
    const noProject = await t.create(10, { filename: 'a.png' });
    expect(noProject.status).toBe(400);
    const zip = await t.create(10, { filename: 'a.zip', project_id: String(project.id) });
    expect(zip.status).toBe(400);
    expect(JSON.parse(await zip.text()).error).toBe('Files of type .zip are not allowed here');
    const tooBig = await t.create(env().started.app.config.uploadMaxBytes + 1, { filename: 'a.png', project_id: String(project.id) });
    expect(tooBig.status).toBe(413);
    const other = await env().factories.account();
    const foreign = await tus(await env().signIn(other.owner)).create(10, { filename: 'a.png', project_id: String(project.id) });
    expect(foreign.status).toBe(404);
    const anon = await tus(env().anon()).create(10, { filename: 'a.png', project_id: String(project.id) });
    expect(anon.status).toBe(401);
    expect(tusFiles().length).toBe(before);
    expect(await fileRowCount(env(), accountId)).toBe(0);
  });

  it('refuses a project_id that is not plain decimal digits, though it reads as the project (security issue #9)', async () => {
    const { accountId, project, c } = await setup();
    const t = tus(c);
    const before = tusFiles().length;
    const id = project.id;
    for (const projectId of [`0x${id.toString(16)}`, `${id}e0`, `0${id}`, ` ${id}`, `+${id}`, `${id}.0`]) {
      const res = await t.create(10, { filename: 'a.png', project_id: projectId });
      expect(res.status, projectId).toBe(400);
      expect(JSON.parse(await res.text()).errors, projectId).toEqual({ project_id: ['Must be a whole number in plain decimal digits'] });
    }
    expect(tusFiles().length).toBe(before);
    expect(await fileRowCount(env(), accountId)).toBe(0);
    expect((await t.create(10, { filename: 'a.png', project_id: String(id) })).status).toBe(201);
  });

  it('refuses content that does not match at the end, leaving no row, object or tus data', async () => {
    const { accountId, project, c } = await setup();
    const t = tus(c);
    const objects = storedObjects(env()).length;
    const fake = Buffer.from('this is not a png image at all');
    const created = await t.create(fake.length, { filename: 'fake.png', project_id: String(project.id) });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const res = await t.patch(location, 0, fake);
    expect(res.status).toBe(400);
    expect(JSON.parse(await res.text()).error).toBe("The file's content does not match its .png extension");
    expect(await fileRowCount(env(), accountId)).toBe(0);
    expect(storedObjects(env())).toHaveLength(objects);
    expect(tusFiles().filter((f) => f.startsWith(location.split('/').pop() ?? ''))).toEqual([]);
  });

  it("does not let another user continue, inspect or look up someone's upload", async () => {
    const { accountId, project, c } = await setup();
    const created = await tus(c).create(PNG.length, { filename: 'a.png', project_id: String(project.id) });
    const location = created.headers.get('location') ?? '';
    const colleague = await env().factories.member(accountId, 'OWNER');
    const cc = await env().signIn(colleague);
    expect((await tus(cc).patch(location, 0, PNG)).status).toBe(404);
    expect((await tus(cc).head(location)).status).toBe(404);
    const done = await tus(c).patch(location, 0, PNG);
    expect(done.status).toBe(204);
    const uploadId = location.split('/').pop() ?? '';
    expect((await cc.get(`/upload/tus/${uploadId}/file`)).status).toBe(400);
    expect((await c.get('/upload/tus/not-an-id!/file')).status).toBe(400);
  });

  it('works on /v1 with a bearer token', async () => {
    const { project, c } = await setup();
    const token = (await c.post('/user/tokens', { name: 'tus' })).body.data.token;
    const api = new Client(env().base, { prefix: '/v1', bearer: token });
    const t = tus(api, '/v1');
    const created = await t.create(PNG.length, { filename: 'a.png', project_id: String(project.id) });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location.startsWith('/v1/upload/tus/')).toBe(true);
    const done = await t.patch(location, 0, PNG);
    expect(done.status).toBe(204);
    expect(done.headers.get('emblem-file-id')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
