import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assetRevisions, files } from '../../db/schema.js';
import { parseJobPayload } from '../../jobs/define.js';
import { PermanentJobError } from '../../jobs/queue.js';
import type { Storage } from '../../storage/storage.js';
import { type Client, forEachBackend } from '../../test/harness.js';
import { expectRefused, uploadTokenIs } from '../../test/helpers.js';
import { fetchBytes, halves, jpeg, upload, uploadAsset } from '../../test/media.js';
import { processRevision } from './processing.js';
import { purgeMediaJob } from './purge.js';
import { signedMediaUrl } from './urls.js';

it('accepts only the purge payloads the server makes', () => {
  expect(
    parseJobPayload(purgeMediaJob, {
      revisions: [
        [3, 'derived/previews/3.webp'],
        [4, null],
      ],
      files: [7],
    }),
  ).toEqual({
    revisions: [
      [3, 'derived/previews/3.webp'],
      [4, null],
    ],
    files: [7],
  });
  for (const bad of [
    {},
    { revisions: [[3, 'originals/ab/cd/x']], files: [] },
    { revisions: [[3, '../../etc/passwd']], files: [] },
    { revisions: [['3', null]], files: [] },
    { revisions: [], files: [-1] },
    { revisions: [], files: ['7'] },
  ]) {
    expect(() => parseJobPayload(purgeMediaJob, bad)).toThrow(PermanentJobError);
  }
});

forEachBackend('purging stored media of deleted assets', (env) => {
  const db = () => env().started.database.db;
  const dataDir = () => env().started.app.config.dataDir;
  const stored = (key: string) => existsSync(join(dataDir(), 'files', key));
  const secret = () => env().started.app.config.sessionSecret;

  async function setup() {
    const { owner, accountId } = await env().factories.account();
    const project = await env().factories.project(owner.actor);
    return { owner, accountId, project, c: await env().signIn(owner) };
  }

  /** What an asset has in storage: its revisions' masters and variant folders, and its originals. */
  async function footprint(assetId: number) {
    const revs = await db()
      .select({ id: assetRevisions.id, previewKey: assetRevisions.previewKey, storageKey: files.storageKey, fileId: files.id })
      .from(assetRevisions)
      .innerJoin(files, eq(files.id, assetRevisions.fileId))
      .where(eq(assetRevisions.assetId, assetId));
    expect(revs.length).toBeGreaterThan(0);
    return {
      masters: revs.map((r) => r.previewKey as string),
      variants: revs.map((r) => `derived/transforms/${r.id}`),
      originals: revs.map((r) => r.storageKey),
      fileIds: revs.map((r) => r.fileId),
    };
  }
  type Footprint = Awaited<ReturnType<typeof footprint>>;
  const keysOf = (f: Footprint) => [...f.masters, ...f.variants, ...f.originals];

  /** An image asset with a cached variant, so that every kind of stored file exists. */
  async function photo(c: Client, projectId: number, name = 'photo.jpg', color = '#336699') {
    const asset = await uploadAsset(env(), c, projectId, name, await jpeg(640, 480, color));
    expect(asset.status).toBe('FINISHED');
    const variant = await fetchBytes(c, signedMediaUrl(secret(), asset.asset_token, asset.revision.id, { width: 123, format: 'png' }));
    expect(variant.status).toBe(200);
    return asset;
  }
  const usedBytes = async (c: Client) => (await c.get('/account/usage/storage')).body.data.used_bytes as number;

  it('deletes previews, cached variants and originals of a deleted asset (every revision), after commit', async () => {
    const { c, project } = await setup();
    const asset = await photo(c, project.id);
    const second = await upload(c, { projectId: project.id, name: 'v2.png', bytes: await halves(200, 100, '#ff0000', '#00ff00') });
    expect((await c.post(`/asset/${asset.id}/revision`, { file_id: second.body.data.file_id })).status).toBe(200);
    await env().drainJobs();
    const f = await footprint(asset.id);
    expect(f.masters).toHaveLength(2);
    for (const key of [...f.masters, f.variants[0] as string, ...f.originals]) expect(stored(key), key).toBe(true);
    expect(await usedBytes(c)).toBeGreaterThan(0);

    expect((await c.delete(`/asset/${asset.id}`)).status).toBe(200);
    // In the trash, the files stay stored and counted (decision 0025); emptying the trash removes them.
    expect(await env().drainJobs()).toBe(0);
    for (const key of [...f.masters, f.variants[0] as string, ...f.originals]) expect(stored(key), key).toBe(true);
    expect(await usedBytes(c)).toBeGreaterThan(0);
    expect((await c.delete(`/project/${project.id}/trash`)).status).toBe(200);
    // Nothing is removed inside the request: a job does it once the delete has committed.
    expect(stored(f.masters[0] as string)).toBe(true);
    expect(await env().drainJobs()).toBe(1);
    for (const key of keysOf(f)) expect(stored(key), key).toBe(false);
    expect(
      await db()
        .select()
        .from(files)
        .where(eq(files.id, f.fileIds[0] as number)),
    ).toEqual([]);
    expect(await usedBytes(c)).toBe(0);
  });

  it('purges after a bulk delete, but keeps what a copy of an asset still uses', async () => {
    const { c, project } = await setup();
    const a = await photo(c, project.id, 'a.jpg', '#aa0000');
    const b = await photo(c, project.id, 'b.jpg', '#00aa00');
    const kept = await photo(c, project.id, 'kept.jpg', '#0000aa');
    const copied = await c.post('/assets/transfer', {
      source: { project: project.id },
      target: { project: project.id },
      assets: [a.id],
      metadata: true,
      mode: 'copy',
    });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    const [copyId] = copied.body.data.assets as number[];
    await env().drainJobs();
    const [fa, fb, fk] = [await footprint(a.id), await footprint(b.id), await footprint(kept.id)];

    const del = await c.post('/screen/delete', { asset_ids: [a.id, b.id] });
    expect(del.status).toBe(200);
    expect((await c.delete(`/project/${project.id}/trash`)).status).toBe(200);
    await env().drainJobs();
    for (const key of keysOf(fb)) expect(stored(key), key).toBe(false);
    // The copy shares a's original and preview master: those stay; a's own cached variants go.
    expect(fa.masters.map(stored)).toEqual([true]);
    expect(fa.originals.map(stored)).toEqual([true]);
    expect(fa.variants.map(stored)).toEqual([false]);
    for (const key of [...fk.masters, ...fk.originals, ...fk.variants]) expect(stored(key), key).toBe(true);
    const copy = (await c.get(`/asset/${copyId}?include_urls=true`)).body.data;
    expect((await fetchBytes(c, copy.thumbnail_url, { accept: 'image/webp' })).status).toBe(200);

    // The last user of them goes: now they go too.
    expect((await c.delete(`/asset/${copyId}`)).status).toBe(200);
    expect((await c.delete(`/project/${project.id}/trash`)).status).toBe(200);
    await env().drainJobs();
    expect([...fa.masters, ...fa.originals].map(stored)).toEqual([false, false]);
  });

  it('purges the assets of a deleted project (its trash included) and of a deleted brand; a deleted folder leaves its assets stored in the trash', async () => {
    const { owner, c, project } = await setup();
    const folder = await c.post(`/set/create/${project.id}`, { name: 'Shoot', parent: null });
    const inFolder = await photo(c, project.id, 'in-folder.jpg');
    expect(
      (
        await c.post('/assets/transfer', {
          source: { project: project.id },
          target: { project: project.id, folder: folder.body.data.id },
          assets: [inFolder.id],
          metadata: true,
          mode: 'move',
        })
      ).status,
    ).toBe(200);
    const fFolder = await footprint(inFolder.id);
    expect((await c.delete(`/set/${folder.body.data.id}`)).status).toBe(200);
    await env().drainJobs();
    for (const key of keysOf(fFolder)) expect(stored(key), key).toBe(true);

    const fProject = [fFolder, await footprint((await photo(c, project.id, 'second.jpg')).id)];
    expect((await c.delete(`/project/${project.id}`)).status).toBe(200);
    await env().drainJobs();
    for (const f of fProject) for (const key of keysOf(f)) expect(stored(key), key).toBe(false);

    const other = await env().factories.project(owner.actor);
    const fBrand = await footprint((await photo(c, other.id, 'brand.jpg')).id);
    expect((await c.delete(`/brand/${other.brandId}`)).status).toBe(200);
    await env().drainJobs();
    for (const key of keysOf(fBrand)) expect(stored(key), key).toBe(false);
    expect(await usedBytes(c)).toBe(0);
  });

  it('removes the file of a deleted attachment', async () => {
    const { c, project } = await setup();
    const asset = await photo(c, project.id);
    const up = await upload(c, { projectId: project.id, name: 'spec.png', bytes: await halves(40, 20, '#000000', '#ffffff') });
    const att = await c.post('/asset-attachment', { asset_id: asset.id, file_id: up.body.data.file_id });
    expect(att.status).toBe(201);
    const [file] = await db().select().from(files).where(uploadTokenIs(up.body.data.file_id));
    expect((await c.delete(`/asset-attachment/${att.body.data.id}`)).status).toBe(200);
    await env().drainJobs();
    expect(stored(file?.storageKey ?? '')).toBe(false);
    for (const key of keysOf(await footprint(asset.id))) expect(stored(key), key).toBe(true);
  });

  it('removes nothing when a delete is refused', async () => {
    const { c, accountId, project } = await setup();
    const asset = await photo(c, project.id);
    const f = await footprint(asset.id);
    const viewerUser = await env().factories.member(accountId);
    expect((await c.put(`/project/${project.id}/user/${viewerUser.id}`, { level: 'VIEW' })).status).toBe(200);
    const viewer = await env().signIn(viewerUser);
    expectRefused(await viewer.delete(`/asset/${asset.id}`), 403);
    expectRefused(await viewer.delete(`/project/${project.id}`), 403);
    // All or nothing: one unknown id refuses the whole bulk delete.
    expectRefused(await c.post('/screen/delete', { asset_ids: [asset.id, 2_000_000_000] }), 404);
    expect(await env().drainJobs()).toBe(0);
    for (const key of keysOf(f)) expect(stored(key), key).toBe(true);
  });

  it('does not leave a preview behind when the asset is deleted while its revision is processed', async () => {
    const { c, project } = await setup();
    const up = await upload(c, { projectId: project.id, name: 'racing.jpg', bytes: await jpeg(300, 200) });
    const created = await c.post('/asset', { file_id: up.body.data.file_id, project_id: project.id });
    const assetId = created.body.data.id as number;
    const revisionId = created.body.data.revision.id as number;
    const [file] = await db().select().from(files).where(uploadTokenIs(up.body.data.file_id));
    const real = env().started.app.storage;
    let raced = false;
    // The delete (and its purge) lands between decoding and storing the preview master.
    const racing = new Proxy(real, {
      get(target, prop) {
        if (prop === 'put') {
          return async (key: string, body: Parameters<Storage['put']>[1]) => {
            if (key.startsWith('derived/previews/')) {
              raced = true;
              expect((await c.delete(`/asset/${assetId}`)).status).toBe(200);
              expect((await c.delete(`/project/${project.id}/trash`)).status).toBe(200);
              await env().drainJobs();
            }
            return target.put(key, body);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Storage;
    await processRevision({ db: db(), storage: racing, config: env().started.app.config }, revisionId);
    expect(raced).toBe(true);
    expect(stored(`derived/previews/${revisionId}.webp`)).toBe(false);
    expect(stored(file?.storageKey ?? '')).toBe(false);
  });
});
