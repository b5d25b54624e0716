import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { accounts, files, projects } from '../../db/schema.js';
import { sha256 } from '../../lib/secrets.js';
import { Client, forEachBackend, type Json } from '../../test/harness.js';
import { uploadTokenIs } from '../../test/helpers.js';
import { fetchBytes, jpeg, leavesNothing, ownerWithProject, storedObjects, upload } from '../../test/media.js';
import { filesCleanupJob } from './jobs.js';
import { cleanupOrphanFiles, cleanupTemporaryFiles } from './operations.js';
import { cleanupStaleTusUploads, tusDirectory } from './tus.js';

let PNG: Buffer;
let JPEG: Buffer;
beforeAll(async () => {
  PNG = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
  JPEG = await jpeg(40, 30);
});

const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

function refused(res: Json, status: number, error: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.error).toBe(error);
}

forEachBackend('uploads', (env) => {
  const db = () => env().started.database.db;

  const setup = (type?: string) => ownerWithProject(env(), type);

  it('stores a multipart upload and answers the contract shape (201)', async () => {
    const { accountId, project, c } = await setup();
    const res = await upload(c, {
      projectId: project.id,
      name: 'Sunset Photo.PNG',
      bytes: PNG,
      extraFields: { brand_id: String(project.brandId) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        file_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        id: res.body.data.file_id,
        generic_url: '/api/file-icon/file-png.svg',
        payload: { name: 'Sunset Photo.PNG', extension: 'png', size: PNG.length, mime_type: 'image/png' },
      },
    });
    const [row] = await db().select().from(files).where(uploadTokenIs(res.body.data.file_id));
    expect(row).toMatchObject({ accountId, extension: 'png', size: PNG.length, originalName: 'Sunset Photo.PNG' });
    expect(row?.storageKey).toMatch(/^originals\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(readFileSync(join(env().started.app.config.dataDir, 'files', row?.storageKey ?? ''))).toEqual(PNG);
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the form fields after the file', async () => {
    const { project, c } = await setup();
    const res = await upload(c, { projectId: project.id, name: 'a.jpg', bytes: JPEG, fieldsAfter: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.payload).toMatchObject({ extension: 'jpg', mime_type: 'image/jpeg', size: JPEG.length });
  });

  it('refuses missing fields: project_id, file, multipart', async () => {
    const { accountId, project, c } = await setup();
    await leavesNothing(env(), accountId, async () => {
      const noProject = await upload(c, { name: 'a.png', bytes: PNG });
      expect(noProject.status).toBe(400);
      expect(noProject.body.errors.project_id).toEqual(['Is required']);
      const badProject = await upload(c, { projectId: 'abc', name: 'a.png', bytes: PNG });
      expect(badProject.status).toBe(400);
      const json = await c.post('/upload', { project_id: project.id });
      expect(json.status).toBe(415);
      const cut = `--xyz\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${project.id}\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc`;
      const malformed = await c.post('/upload', undefined, { raw: cut, headers: { 'content-type': 'multipart/form-data; boundary=xyz' } });
      expect(malformed.status, JSON.stringify(malformed.body)).toBe(400);
    });
  });

  it('refuses an extension the library type does not take, naming it (400, nothing left)', async () => {
    const { accountId, project, c } = await setup('MEDIALIBRARY');
    await leavesNothing(env(), accountId, async () => {
      refused(
        await upload(c, { projectId: project.id, name: 'archive.zip', bytes: Buffer.from('PK\u0003\u0004rest') }),
        400,
        'Files of type .zip are not allowed here',
      );
      refused(
        await upload(c, { projectId: project.id, name: 'README', bytes: Buffer.from('hello') }),
        400,
        'Files without an extension are not allowed here',
      );
    });
  });

  it('refuses extensions blocked by the account or the project, naming them', async () => {
    const { accountId, project, c } = await setup('WORKSPACE');
    await db()
      .update(accounts)
      .set({ blockedExtensions: ['exe'] })
      .where(eq(accounts.id, accountId));
    await db()
      .update(projects)
      .set({ blockedExtensions: ['.TXT'] })
      .where(eq(projects.id, project.id));
    await leavesNothing(env(), accountId, async () => {
      refused(await upload(c, { projectId: project.id, name: 'setup.exe', bytes: EXE }), 400, 'Files of type .exe are not allowed here');
      refused(
        await upload(c, { projectId: project.id, name: 'notes.txt', bytes: Buffer.from('hi') }),
        400,
        'Files of type .txt are not allowed here',
      );
    });
    // Anything else goes in a workspace.
    expect((await upload(c, { projectId: project.id, name: 'data.bin', bytes: EXE })).status).toBe(201);
  });

  it('refuses content that does not match the extension (magic bytes), leaving nothing', async () => {
    const { accountId, project, c } = await setup('WORKSPACE');
    await leavesNothing(env(), accountId, async () => {
      refused(
        await upload(c, { projectId: project.id, name: 'photo.png', bytes: JPEG }),
        400,
        "The file's content does not match its .png extension",
      );
      refused(
        await upload(c, { projectId: project.id, name: 'photo.jpg', bytes: EXE }),
        400,
        "The file's content does not match its .jpg extension",
      );
      refused(
        await upload(c, { projectId: project.id, name: 'doc.pdf', bytes: Buffer.from('not a pdf at all') }),
        400,
        "The file's content does not match its .pdf extension",
      );
      // Text formats must be text.
      refused(
        await upload(c, { projectId: project.id, name: 'notes.txt', bytes: PNG }),
        400,
        "The file's content does not match its .txt extension",
      );
      refused(await upload(c, { projectId: project.id, name: 'empty.txt', bytes: Buffer.alloc(0) }), 400, 'The file is empty');
    });
    const ok = await upload(c, { projectId: project.id, name: 'notes.txt', bytes: Buffer.from('plain text\n') });
    expect(ok.status).toBe(201);
    expect(ok.body.data.payload.mime_type).toBe('text/plain');
  });

  it('refuses an upload over the maximum size with 413, leaving nothing', async () => {
    const { accountId, project, c } = await setup();
    const config = env().started.app.config;
    const saved = config.uploadMaxBytes;
    config.uploadMaxBytes = 1000;
    try {
      await leavesNothing(env(), accountId, async () => {
        const big = await jpeg(400, 400, '#123456');
        expect(big.length).toBeGreaterThan(1000);
        const res = await upload(c, { projectId: project.id, name: 'big.jpg', bytes: big });
        expect(res.status, JSON.stringify(res.body)).toBe(413);
        expect(res.body.error).toMatch(/larger than the maximum/);
      });
    } finally {
      config.uploadMaxBytes = saved;
    }
  });

  it('refuses an upload over the account quota with "Storage limit exceeded." and reports usage', async () => {
    const { accountId, project, c } = await setup();
    const first = await upload(c, { projectId: project.id, name: 'a.png', bytes: PNG });
    expect(first.status).toBe(201);
    await db()
      .update(accounts)
      .set({ storageLimitBytes: PNG.length * 2 })
      .where(eq(accounts.id, accountId));
    const usage = await c.get('/account/usage/storage');
    expect(usage.body.data).toEqual({
      used_bytes: PNG.length,
      limit_bytes: PNG.length * 2,
      used_kb: Math.ceil(PNG.length / 1024),
      max_kb: Math.floor((PNG.length * 2) / 1024),
    });
    // used + size reaches the limit: refused.
    await leavesNothing(env(), accountId, async () => {
      refused(await upload(c, { projectId: project.id, name: 'b.png', bytes: PNG }), 400, 'Storage limit exceeded.');
    });
    // 0 is unlimited.
    await db().update(accounts).set({ storageLimitBytes: 0 }).where(eq(accounts.id, accountId));
    expect((await upload(c, { projectId: project.id, name: 'b.png', bytes: PNG })).status).toBe(201);
    expect((await c.get('/account/usage/storage')).body.data).toMatchObject({ used_bytes: PNG.length * 2, limit_bytes: 0, max_kb: 0 });
  });

  it('needs EDIT on the project: VIEW and COMMENT get 403, another account 404, nobody 401', async () => {
    const { accountId, project, c } = await setup();
    for (const level of ['VIEW', 'COMMENT'] as const) {
      const member = await env().factories.member(accountId);
      expect((await c.put(`/project/${project.id}/user/${member.id}`, { level })).status).toBe(200);
      const mc = await env().signIn(member);
      await leavesNothing(env(), accountId, async () => {
        refused(await upload(mc, { projectId: project.id, name: 'a.png', bytes: PNG }), 403, 'You need EDIT permission on this project');
      });
    }
    const editor = await env().factories.member(accountId);
    await c.put(`/project/${project.id}/user/${editor.id}`, { level: 'EDIT' });
    expect((await upload(await env().signIn(editor), { projectId: project.id, name: 'a.png', bytes: PNG })).status).toBe(201);
    // A member without any level does not see the project.
    const stranger = await env().signIn(await env().factories.member(accountId));
    refused(await upload(stranger, { projectId: project.id, name: 'a.png', bytes: PNG }), 404, 'Not found');
    const other = await env().factories.account();
    const oc = await env().signIn(other.owner);
    await leavesNothing(env(), other.accountId, async () => {
      refused(await upload(oc, { projectId: project.id, name: 'a.png', bytes: PNG }), 404, 'Not found');
    });
    const anon = await upload(env().anon(), { projectId: project.id, name: 'a.png', bytes: PNG });
    expect(anon.status).toBe(401);
    // Without the CSRF token a session cannot upload.
    const noCsrf = new Client(env().base);
    noCsrf.cookie = c.cookie;
    refused(await upload(noCsrf, { projectId: project.id, name: 'a.png', bytes: PNG }), 403, 'Invalid CSRF token');
  });

  it('works on /v1 with a bearer token', async () => {
    const { project, c } = await setup();
    const token = (await c.post('/user/tokens', { name: 'uploader' })).body.data.token;
    const api = new Client(env().base, { prefix: '/v1', bearer: token });
    const res = await upload(api, { projectId: project.id, name: 'a.png', bytes: PNG });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('stores SVGs sanitised: no script, handlers, foreignObject or external references', async () => {
    const { project, c } = await setup('ICONLIBRARY');
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="24" height="24" onload="alert(1)">
  <script>alert(2)</script>
  <defs><path id="p" d="M0 0h10v10z"/></defs>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml" onclick="alert(3)">x</div></foreignObject>
  <a href="javascript:alert(4)"><rect width="5" height="5" onclick="alert(5)"/></a>
  <use href="#p"/><use xlink:href="https://evil.example/sprite.svg#x"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <style>@import url(https://evil.example/x.css); rect { fill: url(https://evil.example/p) }</style>
  <circle r="3" style="fill:url(https://evil.example/a)"/>
</svg>`;
    const res = await upload(c, { projectId: project.id, name: 'icon.svg', bytes: Buffer.from(svg) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await db().select().from(files).where(uploadTokenIs(res.body.data.file_id));
    const stored = readFileSync(join(env().started.app.config.dataDir, 'files', row?.storageKey ?? ''), 'utf8');
    expect(row?.size).toBe(Buffer.byteLength(stored));
    expect(row?.mimeType).toBe('image/svg+xml');
    for (const bad of ['<script', 'alert', 'onload', 'onclick', 'foreignObject', 'javascript:', 'evil.example', '@import']) {
      expect(stored, bad).not.toContain(bad);
    }
    expect(stored).toContain('href="#p"');
    expect(stored).toContain('data:image/png;base64');
    expect(stored).toMatch(/<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Still a renderable SVG.
    expect((await sharp(Buffer.from(stored)).metadata()).width).toBe(24);
  });

  it('refuses .svg files that are not SVG documents', async () => {
    const { accountId, project, c } = await setup('ICONLIBRARY');
    await leavesNothing(env(), accountId, async () => {
      for (const bytes of [
        '<html><body>hi</body></html>',
        '<svg><g></svg>',
        'just text',
        '<!DOCTYPE x [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
      ]) {
        const res = await upload(c, { projectId: project.id, name: 'x.svg', bytes: Buffer.from(bytes) });
        expect(res.status, bytes).toBe(400);
      }
      refused(
        await upload(c, { projectId: project.id, name: 'x.svg', bytes: PNG }),
        400,
        "The file's content does not match its .svg extension",
      );
    });
  });

  it('keeps traversal-like names for display only; storage paths are generated', async () => {
    const { project, c } = await setup();
    const before = storedObjects(env()).length;
    for (const name of ['../../etc/passwd.png', '..\\..\\windows\\evil.png', 'a\u0000b\u0007"quoted"<x>.png']) {
      const res = await upload(c, { projectId: project.id, name, bytes: PNG });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
      const [row] = await db().select().from(files).where(uploadTokenIs(res.body.data.file_id));
      // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may survive
      expect(row?.originalName).not.toMatch(/[\\/\u0000-\u001f"<>]/);
      expect(row?.originalName.endsWith('.png')).toBe(true);
      expect(row?.storageKey).toMatch(/^originals\//);
    }
    expect(storedObjects(env())).toHaveLength(before + 3);
  });

  it('serves generic file icons (public, cached, coloured per group)', async () => {
    const png = await fetchBytes(env().anon(), '/api/file-icon/file-png.svg');
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(png.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    const text = png.bytes.toString('utf8');
    expect(text).toContain('>PNG</text>');
    const mp4 = (await fetchBytes(env().anon(), '/api/file-icon/file-mp4.svg')).bytes.toString('utf8');
    expect(mp4).toContain('>MP4</text>');
    expect(mp4.match(/<rect[^>]*fill="(#[0-9A-F]{6})"/)?.[1]).not.toBe(text.match(/<rect[^>]*fill="(#[0-9A-F]{6})"/)?.[1]);
    expect((await sharp(png.bytes).metadata()).format).toBe('svg');
    for (const bad of ['file-PNG.svg', 'file-<script>.svg', 'file-abcdefghijk.svg', 'png.svg', 'file-.svg']) {
      expect((await fetchBytes(env().anon(), `/api/file-icon/${encodeURIComponent(bad)}`)).status, bad).toBe(404);
    }
  });

  it('cleans up files nobody uses once they are a day old, with their stored objects', async () => {
    const { accountId, project, c } = await setup();
    const old = (await upload(c, { projectId: project.id, name: 'old.png', bytes: PNG })).body.data.file_id;
    const used = (await upload(c, { projectId: project.id, name: 'used.png', bytes: PNG })).body.data.file_id;
    const fresh = (await upload(c, { projectId: project.id, name: 'fresh.png', bytes: PNG })).body.data.file_id;
    expect((await c.post('/asset', { file_id: used, project_id: project.id })).status).toBe(201);
    await db()
      .update(files)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${files.uploadTokenHash} in (${sha256(old)}, ${sha256(used)})`);
    const objects = storedObjects(env()).length;
    const removed = await cleanupOrphanFiles({ db: db(), storage: env().started.app.storage });
    expect(removed).toBeGreaterThanOrEqual(1);
    const hashes = (await db().select({ hash: files.uploadTokenHash }).from(files).where(eq(files.accountId, accountId))).map(
      (r) => r.hash,
    );
    expect(hashes).toContain(sha256(used));
    expect(hashes).toContain(sha256(fresh));
    expect(hashes).not.toContain(sha256(old));
    expect(storedObjects(env()).length).toBe(objects - removed);
    // The cleanup job keeps itself scheduled.
    const scheduled = await db().execute(
      sql`select count(*)::int as n from jobs where type = ${filesCleanupJob.name} and status = 'queued'`,
    );
    expect(Number((scheduled as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(1);
  });

  it('removes temporary files and unfinished tus uploads a crash left behind, once a day old', async () => {
    const { storage, config } = env().started.app;
    const tmp = storage.tempDir();
    const tus = tusDirectory(config.dataDir);
    mkdirSync(tus, { recursive: true });
    const dayAndHourAgo = new Date(Date.now() - 25 * 3_600_000);
    const make = (path: string, old: boolean) => {
      writeFileSync(path, 'x');
      if (old) utimesSync(path, dayAndHourAgo, dayAndHourAgo);
      return path;
    };
    const oldPart = make(join(tmp, 'crashed-upload.part'), true);
    const oldPixels = make(join(tmp, 'emblem-derive-crashed.v'), true);
    const freshPart = make(join(tmp, 'in-progress.part'), false);
    const oldTus = make(join(tus, 'abandoned-upload'), true);
    const freshTus = make(join(tus, 'resumable-upload'), false);
    utimesSync(tus, dayAndHourAgo, dayAndHourAgo); // the tus directory itself is not the temporary sweep's to remove

    expect(await cleanupTemporaryFiles(storage)).toBe(2);
    expect([oldPart, oldPixels].map(existsSync)).toEqual([false, false]);
    expect([freshPart, tus].map(existsSync)).toEqual([true, true]);
    expect(await cleanupStaleTusUploads(config.dataDir)).toBe(1);
    expect([oldTus, freshTus].map(existsSync)).toEqual([false, true]);
    for (const path of [freshPart, freshTus]) rmSync(path);
  });
});
