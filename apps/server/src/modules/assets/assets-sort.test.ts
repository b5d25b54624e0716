import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { assetRevisions } from '../../db/schema.js';
import { forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit, itemIds, PDF } from './assets-test-kit.js';

/** A PNG of this size; noise makes larger images larger files. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();

forEachBackend('assets API: sorting a folder by type, size, dimensions and modification', (env) => {
  const { db, setup, fileAsset, link } = assetsKit(env);

  /** Every page of a folder in one order, one asset per page, so each step goes through the cursor. */
  async function walk(c: Awaited<ReturnType<typeof setup>>['c'], projectId: number, sort: string, order?: string) {
    const out: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res: Json = await c.post('/asset/list', { project_id: projectId, sort, order, limit: 1, cursor });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      out.push(...itemIds(res));
      cursor = res.body.data.next_cursor;
      if (!cursor) break;
    }
    return out;
  }

  /** What the preview job records about an image, as far as sorting and tiles read it. */
  async function setMetadata(revisionId: number, metadata: Record<string, unknown>) {
    await db().update(assetRevisions).set({ metadata }).where(eq(assetRevisions.id, revisionId));
  }

  async function fixture() {
    const s = await setup();
    const { c, owner, project } = s;
    // Sizes and pixel counts in different orders, so one sort cannot pass for another.
    const small = await fileAsset(c, owner, project.id, { name: 'small.png', bytes: await png(8, 8), title: 'Small' });
    const large = await fileAsset(c, owner, project.id, { name: 'large.png', bytes: await png(160, 120), title: 'Large' });
    const doc = await fileAsset(c, owner, project.id, { name: 'brand-book.pdf', bytes: PDF, title: 'Brand book' });
    const photo = await fileAsset(c, owner, project.id, {
      name: 'photo.jpg',
      bytes: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3300' } })
        .jpeg()
        .toBuffer(),
      title: 'Photo',
    });
    const url = await link(c, project.id, 'Website');
    await setMetadata(small.revision.id, { width: 3000, height: 2000 });
    await setMetadata(large.revision.id, { width: 160, height: 120 });
    await setMetadata(photo.revision.id, { width: 1200, height: 800 });
    return { ...s, small: small.id as number, large: large.id as number, doc: doc.id as number, photo: photo.id as number, url };
  }

  it('sorts by size (largest first by default, or smallest first), links without a file last', async () => {
    const { c, project, small, large, doc, photo, url } = await fixture();
    const sizes = new Map<number, number>();
    for (const item of (await c.post('/asset/list', { project_id: project.id })).body.data.items) sizes.set(item.id, item.size ?? -1);
    const bySize = [small, large, doc, photo, url].sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0) || b - a);
    expect(bySize.at(-1)).toBe(url);
    expect(await walk(c, project.id, 'size')).toEqual(bySize);
    expect(await walk(c, project.id, 'size', 'desc')).toEqual(bySize);
    expect(await walk(c, project.id, 'size', 'asc')).toEqual([...bySize].reverse());
  });

  it('sorts by dimensions (pixel count), by type (extension A–Z) and oldest first', async () => {
    const { c, project, small, large, doc, photo, url } = await fixture();
    // 3000×2000, 1200×800, 160×120; the PDF and the link have no dimensions and tie, newest first.
    expect(await walk(c, project.id, 'dimensions')).toEqual([small, photo, large, url, doc]);
    expect(await walk(c, project.id, 'dimensions', 'asc')).toEqual([doc, url, large, photo, small]);
    // '' (the link), jpg, pdf, png, png (ties by id).
    expect(await walk(c, project.id, 'type')).toEqual([url, photo, doc, small, large]);
    expect(await walk(c, project.id, 'type', 'desc')).toEqual([large, small, doc, photo, url]);
    expect(await walk(c, project.id, 'created', 'asc')).toEqual([small, large, doc, photo, url]);
    expect(await walk(c, project.id, 'created')).toEqual([url, photo, doc, large, small]);
    expect(await walk(c, project.id, 'title', 'desc')).toEqual([url, small, photo, large, doc]);
  });

  it('sorts by modification, most recent first, across pages', async () => {
    const { c, project, small, large, doc, photo, url } = await fixture();
    for (const id of [large, url, small]) expect((await c.patch(`/asset/${id}`, { description: `edited ${id}` })).status).toBe(200);
    const modified = await walk(c, project.id, 'modified');
    expect(modified.slice(0, 3)).toEqual([small, url, large]);
    expect(modified.slice(3).sort()).toEqual([doc, photo].sort());
    expect(await walk(c, project.id, 'modified', 'asc')).toEqual([...modified].reverse());
  });

  it('tells whether an image has transparent pixels', async () => {
    const { c, project, small, large } = await fixture();
    const rows = await db().select().from(assetRevisions).where(eq(assetRevisions.assetId, small));
    await setMetadata(rows[0]?.id as number, { width: 3000, height: 2000, has_alpha: true });
    const items: { id: number; has_alpha: boolean }[] = (await c.post('/asset/list', { project_id: project.id })).body.data.items;
    expect(items.find((a) => a.id === small)?.has_alpha).toBe(true);
    expect(items.find((a) => a.id === large)?.has_alpha).toBe(false);
    expect((await c.get(`/asset/${small}`)).body.data.has_alpha).toBe(true);
  });

  it('refuses an unknown sort or order, and a cursor of another sort or direction', async () => {
    const { c, project } = await fixture();
    expectRefused(await c.post('/asset/list', { project_id: project.id, sort: 'colour' }), 400, ['sort']);
    expectRefused(await c.post('/asset/list', { project_id: project.id, sort: 'size', order: 'up' }), 400, ['order']);
    const first: Json = await c.post('/asset/list', { project_id: project.id, sort: 'size', limit: 1 });
    const cursor = first.body.data.next_cursor as string;
    expect(cursor).toBeTruthy();
    expect((await c.post('/asset/list', { project_id: project.id, sort: 'size', limit: 1, cursor })).status).toBe(200);
    expectRefused(await c.post('/asset/list', { project_id: project.id, sort: 'size', order: 'asc', cursor }), 400, ['cursor']);
    expectRefused(await c.post('/asset/list', { project_id: project.id, sort: 'dimensions', cursor }), 400, ['cursor']);
    const json = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    // A text where the sort compares numbers, and a value for the sort by id alone.
    const bad = [
      json({ sort: 'size', order: 'desc', value: 'big', id: 1 }),
      json({ sort: 'created', order: 'desc', value: 5, id: 1 }),
      json({ sort: 'type', order: 'asc', value: 3, id: 1 }),
    ];
    for (const [i, cur] of bad.entries()) {
      const sort = ['size', 'created', 'type'][i];
      expectRefused(await c.post('/asset/list', { project_id: project.id, sort, cursor: cur }), 400, ['cursor']);
    }
  });
});
