import { createHash, randomBytes } from 'node:crypto';
import { encodeBase64Id } from '@emblem/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { accounts, files } from '../../db/schema.js';
import { Client, forEachBackend, type Json } from '../../test/harness.js';
import { uploadTokenIs } from '../../test/helpers.js';
import {
  fetchBytes,
  graphqlUpload,
  leavesNothing,
  graphqlMultipart as multipart,
  ownerWithProject,
  UPLOAD_FILE as UPLOAD,
} from '../../test/media.js';

const CREATE_ASSET = 'mutation($i: CreateAssetInput!) { createAsset(input: $i) { asset { id title type status } } }';
const SPEC = 'https://github.com/jaydenseric/graphql-multipart-request-spec';

let PNG: Buffer;
beforeAll(async () => {
  PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
});

const firstError = (res: Json): string | undefined => res.body?.errors?.[0]?.message ?? res.body?.error;

function refused(res: Json, status: number, message: string | RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.data?.uploadFile ?? null).toBeNull();
  if (typeof message === 'string') expect(firstError(res)).toBe(message);
  else expect(firstError(res)).toMatch(message);
}

forEachBackend('GraphQL uploadFile (multipart request spec)', (env) => {
  const db = () => env().started.database.db;

  const setup = (type?: string) => ownerWithProject(env(), type);

  it('stores the file through the upload path and createAsset makes an asset of it', async () => {
    const { project, c } = await setup();
    const res = await graphqlUpload(c, project.id, 'Sunset Photo.PNG', PNG);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const file = res.body.data.uploadFile.file;
    expect(file).toEqual({
      id: expect.any(String),
      name: 'Sunset Photo.PNG',
      extension: 'png',
      size: PNG.length,
      mimeType: 'image/png',
      genericUrl: '/api/file-icon/file-png.svg',
    });
    // The id is the upload's token, as file_id is in REST: nothing to enumerate.
    expect(file.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = await db().select().from(files).where(uploadTokenIs(file.id));
    expect(row?.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));

    const created = await c.graphql(CREATE_ASSET, { i: { fileId: file.id, projectId: encodeBase64Id('Project', project.id) } });
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createAsset.asset).toMatchObject({ title: 'Sunset Photo', type: 'Image', status: 'PROCESSING' });
    await env().drainJobs();
    const assetId = JSON.parse(Buffer.from(created.body.data.createAsset.asset.id, 'base64').toString('utf8')).identifier;
    const asset = await c.get(`/asset/${assetId}`);
    expect(asset.body.data).toMatchObject({ status: 'FINISHED', width: 40, height: 30, extension: 'png' });
    const download = await fetchBytes(c, `/api/asset/${assetId}/download`);
    expect(download.bytes.equals(PNG)).toBe(true);
  });

  it('streams a large file whole (several MB arriving after the operation started)', async () => {
    const { project, c } = await setup('DOCUMENTLIBRARY');
    const big = randomBytes(12 * 1024 * 1024);
    const res = await graphqlUpload(c, project.id, 'data.bin', big);
    expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
    expect(res.body.data.uploadFile.file.size).toBe(big.length);
    const id = res.body.data.uploadFile.file.id;
    const [row] = await db().select().from(files).where(uploadTokenIs(id));
    expect(row?.sha256).toBe(createHash('sha256').update(big).digest('hex'));
  });

  it('accepts a bearer token without a CSRF token', async () => {
    const { project, c } = await setup();
    const token = (await c.post('/user/tokens', { name: 'uploader' })).body.data.token;
    const res = await graphqlUpload(new Client(env().base, { bearer: token }), project.id, 'a.png', PNG);
    expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
    expect(res.body.data.uploadFile.file.size).toBe(PNG.length);
  });

  it('refuses a cookie session without X-CSRF-Token (403) and an anonymous caller (401), storing nothing', async () => {
    const { accountId, project, c } = await setup();
    await leavesNothing(env(), accountId, async () => {
      refused(await graphqlUpload(c, project.id, 'a.png', PNG, { csrf: false }), 403, 'Invalid CSRF token');
      refused(await graphqlUpload(env().anon(), project.id, 'a.png', PNG), 401, 'Not signed in');
    });
  });

  it('refuses what POST /api/upload refuses: extension, content, emptiness, leaving nothing', async () => {
    const { accountId, project, c } = await setup();
    await leavesNothing(env(), accountId, async () => {
      refused(
        await graphqlUpload(c, project.id, 'tool.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)])),
        400,
        'Files of type .exe are not allowed here',
      );
      refused(
        await graphqlUpload(c, project.id, 'fake.png', Buffer.from('not an image at all')),
        400,
        /does not match its \.png extension/,
      );
      refused(await graphqlUpload(c, project.id, 'empty.png', Buffer.alloc(0)), 400, 'The file is empty');
    });
  });

  it('refuses a file over the maximum size with 413 and a clear message, leaving nothing', async () => {
    const { accountId, project, c } = await setup('DOCUMENTLIBRARY');
    const config = env().started.app.config;
    const saved = config.uploadMaxBytes;
    config.uploadMaxBytes = 100_000;
    try {
      await leavesNothing(env(), accountId, async () => {
        // Just over the maximum, and far over it (the rest of the body is dropped).
        for (const size of [100_001, 3_000_000]) {
          refused(await graphqlUpload(c, project.id, 'big.bin', randomBytes(size)), 413, 'The file is larger than the maximum of 0.1 MB');
        }
      });
      const exact = await graphqlUpload(c, project.id, 'exact.bin', randomBytes(100_000));
      expect(exact.body.data?.uploadFile.file.size, JSON.stringify(exact.body)).toBe(100_000);
    } finally {
      config.uploadMaxBytes = saved;
    }
  });

  it('refuses an upload over the account quota with "Storage limit exceeded."', async () => {
    const { accountId, project, c } = await setup();
    await db()
      .update(accounts)
      .set({ storageLimitBytes: PNG.length + 10 })
      .where(eq(accounts.id, accountId));
    expect((await graphqlUpload(c, project.id, 'a.png', PNG)).body.errors).toBeUndefined();
    await leavesNothing(env(), accountId, async () => {
      refused(await graphqlUpload(c, project.id, 'b.png', PNG), 400, 'Storage limit exceeded.');
    });
  });

  it('needs EDIT on the project: VIEW gets 403, another account 404', async () => {
    const { accountId, project, c } = await setup();
    const viewer = await env().factories.member(accountId);
    expect((await c.put(`/project/${project.id}/user/${viewer.id}`, { level: 'VIEW' })).status).toBe(200);
    const other = await env().factories.account();
    await leavesNothing(env(), accountId, async () => {
      refused(await graphqlUpload(await env().signIn(viewer), project.id, 'a.png', PNG), 403, 'You need EDIT permission on this project');
    });
    await leavesNothing(env(), other.accountId, async () => {
      refused(await graphqlUpload(await env().signIn(other.owner), project.id, 'a.png', PNG), 404, 'Not found');
    });
  });

  it('drops a file no resolver reads and still answers: bad project id with a 6 MB file', async () => {
    const { accountId, project, c } = await setup('DOCUMENTLIBRARY');
    await leavesNothing(env(), accountId, async () => {
      const res = await graphqlUpload(c, encodeBase64Id('Folder', project.id), 'data.bin', randomBytes(6 * 1024 * 1024));
      expect(firstError(res)).toBe('Invalid base64Id');
      // An operation that never asks for the file it maps.
      const unused = await multipart(c, [
        ['operations', JSON.stringify({ query: '{ currentUser { email } }', variables: { f: null } })],
        ['map', JSON.stringify({ 0: ['variables.f'] })],
        ['0', randomBytes(2 * 1024 * 1024), 'x.bin'],
      ]);
      expect(unused.body.errors, JSON.stringify(unused.body)).toBeUndefined();
      expect(unused.body.data.currentUser.email).toMatch(/@example\.com$/);
    });
    // The connection and session still work.
    expect((await graphqlUpload(c, project.id, 'after.png', PNG)).body.errors).toBeUndefined();
  });

  it('refuses requests that break the multipart request spec, with a message naming the problem', async () => {
    const { accountId, project, c } = await setup();
    const ops = JSON.stringify({ query: UPLOAD, variables: { i: { projectId: encodeBase64Id('Project', project.id), file: null } } });
    const map = JSON.stringify({ 0: ['variables.i.file'] });
    await leavesNothing(env(), accountId, async () => {
      refused(
        await multipart(c, [['0', PNG, 'a.png']]),
        400,
        `The multipart fields must be "operations", then "map", then the file; "operations" is missing (${SPEC})`,
      );
      refused(
        await multipart(c, [
          ['map', map],
          ['operations', ops],
          ['0', PNG, 'a.png'],
        ]),
        400,
        /"operations" is missing/,
      );
      refused(
        await multipart(c, [
          ['operations', ops],
          ['0', PNG, 'a.png'],
        ]),
        400,
        /"map" is missing/,
      );
      refused(
        await multipart(c, [
          ['operations', '{not json'],
          ['map', map],
          ['0', PNG, 'a.png'],
        ]),
        400,
        'The "operations" field is not valid JSON',
      );
      refused(
        await multipart(c, [
          ['operations', ops],
          ['map', '[1]'],
          ['0', PNG, 'a.png'],
        ]),
        400,
        /"map" must be a JSON object/,
      );
      refused(
        await multipart(c, [
          ['operations', `[${ops}]`],
          ['map', map],
          ['0', PNG, 'a.png'],
        ]),
        400,
        'Batched operations are not supported: send one operation per request',
      );
      refused(
        await multipart(c, [
          ['operations', ops],
          ['map', JSON.stringify({ 0: ['variables.i.file'], 1: ['variables.j'] })],
          ['0', PNG, 'a.png'],
          ['1', PNG, 'b.png'],
        ]),
        400,
        'Send one file per request',
      );
      // Map paths outside the variables, through the prototype, or to nothing.
      for (const [path, message] of [
        ['query', /must point into the operation's variables/],
        ['variables.__proto__.x', /must point into the operation's variables/],
        ['variables.nope.file', /does not exist/],
      ] as const) {
        refused(
          await multipart(c, [
            ['operations', ops],
            ['map', JSON.stringify({ 0: [path] })],
            ['0', PNG, 'a.png'],
          ]),
          400,
          message,
        );
      }
      // The map names a file the request does not carry.
      const missing = await multipart(c, [
        ['operations', ops],
        ['map', map],
      ]);
      expect(firstError(missing)).toBe('The file "0" named in "map" is missing from the request');
      expect(missing.body.data).toBeNull();
      // An Upload cannot come as JSON.
      const json = await c.graphql(UPLOAD, { i: { projectId: encodeBase64Id('Project', project.id), file: 'a.png' } });
      expect(firstError(json)).toMatch(/Send the file as a GraphQL multipart request/);
    });
  });
});
