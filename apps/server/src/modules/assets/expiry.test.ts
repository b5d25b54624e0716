import { encodeBase64Id } from '@emblem/core';
import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assets, events } from '../../db/schema.js';
import type { JobDeps } from '../../jobs/define.js';
import type { Client } from '../../test/harness.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit, itemIds } from './assets-test-kit.js';
import { assetExpiryJob, recordExpiredAssets } from './expiry.js';

/* Expiring assets (issue 12 §5, decision 0033): set and clear, the library's filters, the daily record. Public hiding: guidelines/reader/expiry.test.ts. */

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

forEachBackend('expiring assets', (env) => {
  const { db, setup, link, folder, collaborator } = assetsKit(env);
  const log = { info() {}, warn() {}, error() {} } as unknown as JobDeps['log'];
  const expiredEvents = async (ids: number[]) =>
    db()
      .select({ subjectId: events.subjectId, data: events.data, actorId: events.actorId, accountId: events.accountId })
      .from(events)
      .where(and(eq(events.type, 'asset:expired'), inArray(events.subjectId, ids)));
  const patch = (c: Client, id: number, body: unknown) => c.patch(`/asset/${id}`, body);

  it('editors set and clear an expiry; assets show it and whether it has passed', async () => {
    const { c, project } = await setup();
    const id = await link(c, project.id, 'Campaign');
    const initial = (await c.get(`/asset/${id}`)).body.data;
    expect(initial).toMatchObject({ expires_at: null, is_expired: false });

    const future = at(10 * DAY);
    const set = await patch(c, id, { expires_at: future });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ expires_at: future, is_expired: false, title: 'Campaign' });
    // An offset is kept as the instant it names.
    const withOffset = await patch(c, id, { expires_at: '2040-06-01T12:00:00+02:00' });
    expect(withOffset.body.data.expires_at).toBe('2040-06-01T10:00:00.000Z');

    const past = at(-DAY);
    const expired = (await patch(c, id, { expires_at: past })).body.data;
    expect(expired).toMatchObject({ expires_at: past, is_expired: true });
    expect((await c.get(`/asset/${id}`)).body.data).toMatchObject({ expires_at: past, is_expired: true });
    const gql = await c.graphql('query($id: ID!) { asset(id: $id) { expiresAt isExpired } }', { id: encodeBase64Id('Asset', id) });
    expect(gql.body.data.asset).toEqual({ expiresAt: past, isExpired: true });

    const cleared = (await patch(c, id, { expires_at: null })).body.data;
    expect(cleared).toMatchObject({ expires_at: null, is_expired: false });
    // Leaving expires_at out of a PATCH keeps it.
    await patch(c, id, { expires_at: future });
    expect((await patch(c, id, { title: 'Renamed' })).body.data).toMatchObject({ title: 'Renamed', expires_at: future });
  });

  it('refuses what is not an ISO date-time, and callers who may not edit, changing nothing', async () => {
    const { c, project, accountId } = await setup();
    const id = await link(c, project.id, 'Kept');
    const future = at(5 * DAY);
    await patch(c, id, { expires_at: future });
    for (const bad of ['2030-01-31', 'next friday', '2030-02-30T10:00:00Z', '1999-12-31T23:00:00Z', 5, true, '', {}]) {
      expectRefused(await patch(c, id, { expires_at: bad }), 400, ['expires_at']);
    }
    const viewer = await collaborator(c, accountId, project.id, 'VIEW');
    const commenter = await collaborator(c, accountId, project.id, 'COMMENT');
    expectRefused(await patch(viewer, id, { expires_at: null }), 403);
    expectRefused(await patch(commenter, id, { expires_at: at(-DAY) }), 403);
    const editor = await collaborator(c, accountId, project.id, 'EDIT');
    // Another account's asset is not found, whatever the caller's role there.
    const stranger = await setup();
    expectRefused(await patch(stranger.c, id, { expires_at: null }), 404);
    const [row] = await db().select({ expiresAt: assets.expiresAt }).from(assets).where(eq(assets.id, id));
    expect(row?.expiresAt?.toISOString()).toBe(future);
    expect((await patch(editor, id, { expires_at: null })).body.data.expires_at).toBeNull();
  });

  it('collaborators still see expired assets, and filter a folder for expiring soon and expired ones', async () => {
    const { c, project, accountId } = await setup();
    const inFolder = await folder(c, project.id, 'Campaign');
    const [gone, soon, later, never, goneToo] = [
      await link(c, project.id, 'Gone', inFolder),
      await link(c, project.id, 'Soon', inFolder),
      await link(c, project.id, 'Later', inFolder),
      await link(c, project.id, 'Never', inFolder),
      await link(c, project.id, 'Gone too', inFolder),
    ] as number[];
    await patch(c, gone!, { expires_at: at(-2 * DAY) });
    await patch(c, goneToo!, { expires_at: at(-DAY) });
    await patch(c, soon!, { expires_at: at(10 * DAY) });
    await patch(c, later!, { expires_at: at(60 * DAY) });
    const list = (client: Client, body: Record<string, unknown>) =>
      client.post('/asset/list', { project_id: project.id, set_id: inFolder, ...body });

    const viewer = await collaborator(c, accountId, project.id, 'VIEW');
    const all = (await list(viewer, {})).body.data;
    expect(all.items.map((a: { id: number }) => a.id)).toEqual([gone, soon, later, never, goneToo]);
    expect(all.items.map((a: { is_expired: boolean }) => a.is_expired)).toEqual([true, false, false, false, true]);

    const expired = (await list(viewer, { expiry: 'expired' })).body.data;
    expect(expired.items.map((a: { id: number }) => a.id)).toEqual([gone, goneToo]);
    expect(expired.total).toBe(2);
    const soonPage = (await list(viewer, { expiry: 'expiring_soon' })).body.data;
    expect(soonPage.items.map((a: { id: number }) => a.id)).toEqual([soon]);
    expect(soonPage.total).toBe(1);
    // The filter keeps to the folder and pages with the cursor like any listing.
    expect(itemIds(await c.post('/asset/list', { project_id: project.id, set_id: 0, expiry: 'expired' }))).toEqual([]);
    const first = (await list(c, { expiry: 'expired', limit: 1, sort: 'title' })).body.data;
    expect(first.items.map((a: { id: number }) => a.id)).toEqual([gone]);
    const second = (await list(c, { expiry: 'expired', limit: 1, sort: 'title', cursor: first.next_cursor })).body.data;
    expect(second.items.map((a: { id: number }) => a.id)).toEqual([goneToo]);
    expect(second.next_cursor).toBeNull();
    // Moved later, an asset leaves "Expired" and joins "Expiring soon".
    await patch(c, gone!, { expires_at: at(3 * DAY) });
    expect(itemIds(await list(c, { expiry: 'expiring_soon' })).sort()).toEqual([gone, soon].sort());
    expectRefused(await list(c, { expiry: 'submitted' }), 400, ['expiry']);
    expectRefused(await list(c, { expiry: true }), 400, ['expiry']);
  });

  it('a daily job records each expiry once, in batches; a later expiry is recorded again, an earlier one is not', async () => {
    const { c, project, accountId } = await setup();
    const [a, b, d, future, trashed] = [
      await link(c, project.id, 'A'),
      await link(c, project.id, 'B'),
      await link(c, project.id, 'D'),
      await link(c, project.id, 'Future'),
      await link(c, project.id, 'Trashed'),
    ] as number[];
    for (const id of [a!, b!, d!, trashed!]) await patch(c, id, { expires_at: at(-DAY) });
    await patch(c, future!, { expires_at: at(DAY) });
    expect((await c.post('/screen/delete', { asset_ids: [trashed] })).status).toBe(200);
    const ours = [a!, b!, d!, future!, trashed!];

    // Batches of two: the three expired live assets of this account are all recorded in one run.
    await recordExpiredAssets(db(), 2);
    const first = await expiredEvents(ours);
    expect(first.map((e) => e.subjectId).sort()).toEqual([a, b, d].sort());
    for (const e of first) {
      expect(e).toMatchObject({ accountId, actorId: null, data: { expires_at: expect.any(String) } });
    }
    // Idempotent: the job again records nothing new.
    await assetExpiryJob.run({ db: db(), log } as JobDeps, {}, {} as never);
    expect(await expiredEvents(ours)).toHaveLength(3);
    expect(assetExpiryJob.every).toBe(DAY);

    // As if the record were two days old: an expiry moved after it is a new one, one moved before it is not.
    await db()
      .update(assets)
      .set({ expiryRecordedAt: new Date(Date.now() - 2 * DAY) })
      .where(inArray(assets.id, [a!, b!]));
    await patch(c, a!, { expires_at: at(-DAY / 2) });
    await patch(c, b!, { expires_at: at(-3 * DAY) });
    // Cleared and set again: a new expiry too.
    await patch(c, d!, { expires_at: null });
    await patch(c, d!, { expires_at: at(-DAY) });
    await assetExpiryJob.run({ db: db(), log } as JobDeps, {}, {} as never);
    const second = await expiredEvents(ours);
    expect(second.filter((e) => e.subjectId === a)).toHaveLength(2);
    expect(second.filter((e) => e.subjectId === b)).toHaveLength(1);
    expect(second.filter((e) => e.subjectId === d)).toHaveLength(2);
    expect(second.filter((e) => e.subjectId === future || e.subjectId === trashed)).toHaveLength(0);
  });
});
