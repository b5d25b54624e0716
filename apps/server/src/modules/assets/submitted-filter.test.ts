import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assets } from '../../db/schema.js';
import type { Client, Json } from '../../test/harness.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit, itemIds, testPng } from './assets-test-kit.js';

/* The library's "Submitted" filter of POST /api/asset/list (issue 12 §4, decision 0035), on both backends. */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The public page's upload through a submission token: multipart, name and e-mail before the file, no session. */
async function submit(c: Client, token: string, file: string, bytes: Buffer): Promise<Json> {
  const form = new FormData();
  form.append('name', 'Ada Lovelace');
  form.append('email', 'ada@example.com');
  form.append('file', new Blob([new Uint8Array(bytes)]), file);
  const res = await fetch(`${c.base}/api/submission/${token}/upload`, { method: 'POST', body: form });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

forEachBackend('the submitted filter of the asset list', (env) => {
  const kit = assetsKit(env);

  /** A folder with two plain assets and three files sent through a submission request for it, in that order. */
  async function world() {
    const { owner, accountId, project, c } = await kit.setup();
    const folder = await kit.folder(c, project.id, 'Incoming');
    const [plainA, plainB] = await kit.links(c, project.id, ['Plain A', 'Plain B'], folder);
    const made = await c.post(`/project/${project.id}/submission-requests`, { title: 'Fair photos', set_id: folder });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const issued = await c.post(`/submission-request/${made.body.data.id}/tokens`, { expires_at: inDays(7) });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const token = (issued.body.data.url as string).split('/submit/')[1] ?? '';
    const anon = env().anon();
    const png = await testPng();
    const sent: number[] = [];
    for (const file of ['sent-a.png', 'sent-b.png', 'sent-c.png']) {
      const res = await submit(anon, token, file, png);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const rows = await kit.db().select({ id: assets.id }).from(assets).where(eq(assets.projectId, project.id));
      sent.push(Math.max(...rows.map((r) => r.id)));
    }
    const [sentA, sentB, sentC] = sent as [number, number, number];
    const list = (client: Client, body: Record<string, unknown> = {}) =>
      client.post('/asset/list', { project_id: project.id, set_id: folder, ...body });
    return { owner, accountId, project, c, folder, plainA: plainA!, plainB: plainB!, sentA, sentB, sentC, list };
  }

  it('keeps a folder page to the waiting submitted assets, or leaves them out; accepted ones count as not waiting', async () => {
    const w = await world();
    const all = (await w.list(w.c)).body.data;
    expect(all.items.map((a: { id: number }) => a.id)).toEqual([w.plainA, w.plainB, w.sentA, w.sentB, w.sentC]);
    expect(all.total).toBe(5);

    const only = (await w.list(w.c, { submitted: 'only' })).body.data;
    expect(only.items.map((a: { id: number }) => a.id)).toEqual([w.sentA, w.sentB, w.sentC]);
    expect(only.items.map((a: { submission: { status: string; name: string } }) => a.submission)).toEqual(
      Array(3).fill(expect.objectContaining({ status: 'SUBMITTED', name: 'Ada Lovelace', email: 'ada@example.com' })),
    );
    expect(only.total).toBe(3);
    const exclude = (await w.list(w.c, { submitted: 'exclude' })).body.data;
    expect(exclude.items.map((a: { id: number }) => a.id)).toEqual([w.plainA, w.plainB]);
    expect(exclude.total).toBe(2);

    // Accepted, an asset leaves "only" and joins "exclude"; the totals follow.
    expect((await w.c.post('/asset/submissions/accept', { asset_ids: [w.sentB] })).status).toBe(200);
    const afterAccept = (await w.list(w.c, { submitted: 'only' })).body.data;
    expect(afterAccept.items.map((a: { id: number }) => a.id)).toEqual([w.sentA, w.sentC]);
    expect(afterAccept.total).toBe(2);
    const excludedAfter = (await w.list(w.c, { submitted: 'exclude' })).body.data;
    expect(excludedAfter.items.map((a: { id: number }) => a.id)).toEqual([w.plainA, w.plainB, w.sentB]);
    expect(excludedAfter.total).toBe(3);
    // The filter keeps to the folder: the root has none.
    const root = (await w.c.post('/asset/list', { project_id: w.project.id, set_id: 0, submitted: 'only' })).body.data;
    expect(root).toMatchObject({ items: [], total: 0, next_cursor: null });
  });

  it('pages with the cursor under any sort, the total counting the filtered assets on every page', async () => {
    const w = await world();
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Json = await w.list(w.c, { submitted: 'only', limit: 2, sort: 'title', order: 'desc', ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.total).toBe(3);
      seen.push(...itemIds(res));
      cursor = res.body.data.next_cursor;
      pages++;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toEqual([w.sentC, w.sentB, w.sentA]);
    const first = (await w.list(w.c, { submitted: 'exclude', limit: 1 })).body.data;
    expect(first).toMatchObject({ total: 2 });
    expect(first.items.map((a: { id: number }) => a.id)).toEqual([w.plainA]);
    const second = (await w.list(w.c, { submitted: 'exclude', limit: 1, cursor: first.next_cursor })).body.data;
    expect(second.items.map((a: { id: number }) => a.id)).toEqual([w.plainB]);
    expect(second.next_cursor).toBeNull();
  });

  it('leaves trashed submitted assets out, and combines with the expiry filter', async () => {
    const w = await world();
    expect((await w.c.delete(`/asset/${w.sentA}`)).status).toBe(200);
    const only = (await w.list(w.c, { submitted: 'only' })).body.data;
    expect(only.items.map((a: { id: number }) => a.id)).toEqual([w.sentB, w.sentC]);
    expect(only.total).toBe(2);
    // An expired submitted asset: still listed for collaborators, and found by both filters together.
    expect((await w.c.patch(`/asset/${w.sentC}`, { expires_at: inDays(-1) })).status).toBe(200);
    expect((await w.c.patch(`/asset/${w.plainA}`, { expires_at: inDays(-1) })).status).toBe(200);
    expect(itemIds(await w.list(w.c, { submitted: 'only' }))).toEqual([w.sentB, w.sentC]);
    const both = (await w.list(w.c, { submitted: 'only', expiry: 'expired' })).body.data;
    expect(both.items.map((a: { id: number; is_expired: boolean }) => [a.id, a.is_expired])).toEqual([[w.sentC, true]]);
    expect(both.total).toBe(1);
    const expiredPlain = (await w.list(w.c, { submitted: 'exclude', expiry: 'expired' })).body.data;
    expect(expiredPlain.items.map((a: { id: number }) => a.id)).toEqual([w.plainA]);
    expect(expiredPlain.total).toBe(1);
    // Restored from the trash, it is waiting again.
    expect((await w.c.post(`/asset/${w.sentA}/restore`)).status).toBe(200);
    expect(itemIds(await w.list(w.c, { submitted: 'only' }))).toEqual([w.sentA, w.sentB, w.sentC]);
  });

  it('refuses unknown values naming the parameter', async () => {
    const w = await world();
    for (const bad of ['yes', 'SUBMITTED', 'Only', '', true, 1, null, ['only']]) {
      expectRefused(await w.list(w.c, { submitted: bad }), 400, ['submitted']);
    }
    // Beside a bad expiry, both are named.
    expectRefused(await w.list(w.c, { submitted: 'no', expiry: 'soon' }), 400, ['submitted', 'expiry']);
    // A list of ids answers exactly those ids: filters are refused there rather than ignored.
    expectRefused(await w.c.post('/asset/list', { ids: [1], submitted: 'only' }), 400, ['submitted']);
    expectRefused(await w.c.post('/asset/list', { ids: [1], expiry: 'expired' }), 400, ['expiry']);
  });

  it('answers callers as the unfiltered list does: viewers see, outsiders and members without the library do not', async () => {
    const w = await world();
    const viewer = await kit.collaborator(w.c, w.accountId, w.project.id, 'VIEW');
    const seen = (await w.list(viewer, { submitted: 'only' })).body.data;
    expect(seen.items.map((a: { id: number }) => a.id)).toEqual([w.sentA, w.sentB, w.sentC]);
    expect(seen.total).toBe(3);

    const outsider = await env().signIn((await env().factories.account()).owner);
    expectRefused(await w.list(outsider), 404);
    expectRefused(await w.list(outsider, { submitted: 'only' }), 404);
    const member = await env().signIn(await env().factories.member(w.accountId));
    const plain = await w.list(member);
    expect([403, 404]).toContain(plain.status);
    expectRefused(await w.list(member, { submitted: 'only' }), plain.status);
    expectRefused(await w.list(member, { submitted: 'exclude' }), plain.status);
    // Signed out: 401 whatever the filter.
    expectRefused(await w.list(env().anon(), { submitted: 'only' }), 401);
  });
});
