import { encodeBase64Id } from '@emblem/core';
import { and, eq, inArray, like } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { approvalRequests, assets, events } from '../../db/schema.js';
import type { JobDeps } from '../../jobs/define.js';
import { type Client, forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { iconPng } from '../../test/media.js';
import { assetsKit } from '../assets/assets-test-kit.js';
import { approvalSettleJob } from './jobs.js';

// Every publish() still sends its NOTIFY; the spy records what the approvals module published.
const published = vi.hoisted(() => [] as { channel: string; event: string; data: Record<string, unknown> }[]);
vi.mock('../realtime/public.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../realtime/public.js')>();
  return {
    ...original,
    publish: async (...args: Parameters<typeof original.publish>) => {
      published.push({ channel: args[1], event: args[2], data: args[3] ?? {} });
      return original.publish(...args);
    },
  };
});

type Status = { id: number; name: string; trigger: boolean };
const log = { info() {}, warn() {}, error() {} } as unknown as JobDeps['log'];
const gid = (type: 'Asset' | 'Project' | 'User' | 'UserGroup' | 'ApprovalRequest', id: number) => encodeBase64Id(type, id);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

forEachBackend('approval requests', (env) => {
  const kit = assetsKit(env);
  const db = () => kit.db();
  const runJob = () => approvalSettleJob.run({ db: db(), log } as JobDeps, {}, {} as never);

  /** A workspace (APPROVAL_REQUESTS on) with two link assets, an editor who requests, and people at each level. */
  async function world(flags: ('APPROVAL_REQUESTS' | 'USER_GROUPS')[] = ['APPROVAL_REQUESTS', 'USER_GROUPS']) {
    const { owner, accountId } = await env().factories.account({ flags });
    const c = await env().signIn(owner);
    const ws = await env().factories.project(owner.actor, { type: 'WORKSPACE', name: 'Launch' });
    const [a1, a2] = (await kit.links(c, ws.id, ['Poster', 'Banner'])) as [number, number];
    const statuses = (await c.get(`/project/status/${ws.id}`)).body.data as Status[];
    const person = async (level: string | null) => {
      const user = await env().factories.member(accountId, 'MEMBER');
      if (level) expect((await c.put(`/project/${ws.id}/user/${user.id}`, { level })).status).toBe(200);
      return { id: user.id, c: await env().signIn(user) };
    };
    const [editor, r1, r2, r3, viewer, outsider] = await Promise.all([
      person('EDIT'),
      person('COMMENT'),
      person('VIEW'),
      person('VIEW'),
      person('VIEW'),
      person(null),
    ]);
    const ask = async (body: Record<string, unknown>, by: Client = editor.c) => {
      const res = await by.post(`/project/${ws.id}/approval-requests`, { asset_ids: [a1, a2], message: 'Please check', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { id: number; status: string; reviewers: { id: number; vote: string | null; counts: boolean }[] };
    };
    const vote = async (who: Client, id: number, v: string, comment?: string) => {
      const res = await who.put(`/approval-request/${id}/vote`, { vote: v, ...(comment ? { comment } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    return { owner, accountId, c, ws, a1, a2, statuses, person, editor, r1, r2, r3, viewer, outsider, ask, vote };
  }
  const statusOf = async (ids: number[]) => {
    const rows = await db().select({ id: assets.id, s: assets.workflowStatusId }).from(assets).where(inArray(assets.id, ids));
    return rows.map((r) => r.s);
  };
  const eventsOf = (assetId: number, prefix: string) =>
    db()
      .select({ type: events.type, actorId: events.actorId, data: events.data })
      .from(events)
      .where(and(eq(events.subjectType, 'asset'), eq(events.subjectId, assetId), like(events.type, `${prefix}%`)))
      .orderBy(events.id);
  const makeDue = (id: number) =>
    db()
      .update(approvalRequests)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(approvalRequests.id, id));

  it('creates a request, shows it to the project, and refuses bad input and callers', async () => {
    const w = await world();
    const made = await w.ask({ user_ids: [w.r1.id, w.r2.id], mode: 'ALL', due_at: inDays(3) });
    expect(made).toMatchObject({
      project_id: w.ws.id,
      asset_ids: [w.a1, w.a2].sort((a, b) => a - b),
      mode: 'ALL',
      status: 'OPEN',
      message: 'Please check',
      requester: { id: w.editor.id },
      permissions: { vote: false, manage: true },
    });
    expect(made.reviewers).toMatchObject([
      { user: { id: w.r1.id }, group: null, vote: null, counts: true },
      { user: { id: w.r2.id }, group: null, vote: null, counts: true },
    ]);
    const seen = await w.r1.c.get(`/approval-request/${made.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.permissions).toEqual({ vote: true, manage: false });
    const listed = await w.viewer.c.get(`/asset/${w.a1}/approval-requests`);
    expect(listed.body.data.map((r: { id: number }) => r.id)).toEqual([made.id]);
    expectRefused(await w.viewer.c.get(`/asset/${w.a1}/approval-requests?status=DONE`), 400, ['status']);
    expect((await eventsOf(w.a2, 'approval:')).map((e) => e.type)).toEqual(['approval:request']);

    // Who may ask: EDIT on the workspace; VIEW and COMMENT 403, outsiders and other accounts 404.
    const body = { asset_ids: [w.a1], user_ids: [w.r1.id], mode: 'FIRST' };
    expectRefused(await w.r1.c.post(`/project/${w.ws.id}/approval-requests`, body), 403);
    expectRefused(await w.viewer.c.post(`/project/${w.ws.id}/approval-requests`, body), 403);
    expectRefused(await w.outsider.c.post(`/project/${w.ws.id}/approval-requests`, body), 404);
    expectRefused(await w.outsider.c.get(`/approval-request/${made.id}`), 404);
    expectRefused(await w.outsider.c.get(`/asset/${w.a1}/approval-requests`), 404);
    const other = await world();
    expectRefused(await other.c.post(`/project/${w.ws.id}/approval-requests`, body), 404);
    expectRefused(await other.c.get(`/approval-request/${made.id}`), 404);
    // Assets of another project, unknown assets: 404.
    expectRefused(await w.c.post(`/project/${w.ws.id}/approval-requests`, { ...body, asset_ids: [other.a1] }), 404);
    expectRefused(await w.c.post(`/project/${w.ws.id}/approval-requests`, { ...body, asset_ids: [999999] }), 404);
    // Reviewers who cannot see the project, groups of another account: 400 naming the field.
    const bad = (extra: Record<string, unknown>) => w.c.post(`/project/${w.ws.id}/approval-requests`, { ...body, ...extra });
    expectRefused(await bad({ user_ids: [w.outsider.id] }), 400, ['user_ids']);
    expectRefused(await bad({ user_ids: [other.r1.id] }), 400, ['user_ids']);
    const foreignGroup = (await other.c.post('/groups', { name: 'Theirs' })).body.data.id;
    expectRefused(await bad({ user_ids: [], group_ids: [foreignGroup] }), 400, ['group_ids']);
    expectRefused(await bad({ user_ids: [] }), 400, ['user_ids']);
    expectRefused(await bad({ mode: 'SOME' }), 400, ['mode']);
    expectRefused(await bad({ mode: 'NO_REJECTION' }), 400, ['due_at']);
    expectRefused(await bad({ due_at: new Date(Date.now() - 60_000).toISOString() }), 400, ['due_at']);
    expectRefused(await bad({ due_at: 'tomorrow' }), 400, ['due_at']);
    expectRefused(await bad({ asset_ids: [] }), 400, ['asset_ids']);
    // Libraries take none.
    const lib = await env().factories.project(w.owner.actor, { brandId: w.ws.brandId });
    const libAsset = await kit.link(w.c, lib.id, 'Lib');
    expectRefused(await w.c.post(`/project/${lib.id}/approval-requests`, { ...body, asset_ids: [libAsset] }), 400, ['projectId']);
  });

  it('answers 403 everywhere while the APPROVAL_REQUESTS flag is off', async () => {
    const w = await world(['USER_GROUPS']);
    const off = await w.c.post(`/project/${w.ws.id}/approval-requests`, { asset_ids: [w.a1], user_ids: [w.r1.id], mode: 'FIRST' });
    expectRefused(off, 403);
    expect(off.body.error).toMatch(/switched off/);
    expectRefused(await w.c.get(`/asset/${w.a1}/approval-requests`), 403);
    expectRefused(await w.c.get('/approval-request/1'), 403);
    // The audit trail is part of the asset, not of the feature.
    expect((await w.c.get(`/asset/${w.a1}/audit-trail`)).status).toBe(200);
    // Switched on by an admin, it works.
    expect((await w.c.put('/development/flag/APPROVAL_REQUESTS', { enabled: true })).status).toBe(200);
    expect(
      (await w.c.post(`/project/${w.ws.id}/approval-requests`, { asset_ids: [w.a1], user_ids: [w.r1.id], mode: 'FIRST' })).status,
    ).toBe(201);
  });

  it('ALL: approved when every reviewer approves, moving the assets to the APPROVED status with move events', async () => {
    const w = await world();
    const approved = w.statuses.find((s) => s.trigger)!;
    const req = await w.ask({ user_ids: [w.r1.id, w.r2.id, w.r3.id], mode: 'ALL' });
    expectRefused(await w.viewer.c.put(`/approval-request/${req.id}/vote`, { vote: 'APPROVED' }), 403);
    expectRefused(await w.r1.c.put(`/approval-request/${req.id}/vote`, { vote: 'MAYBE' }), 400, ['vote']);
    expect((await w.vote(w.r1.c, req.id, 'CHANGES_REQUESTED', 'Bigger logo')).status).toBe('OPEN');
    // A reviewer changes their vote while the request is open.
    const changed = await w.vote(w.r1.c, req.id, 'APPROVED');
    expect(changed.reviewers[0]).toMatchObject({ vote: 'APPROVED', comment: null, voted_by: { id: w.r1.id } });
    expect((await w.vote(w.r2.c, req.id, 'APPROVED')).status).toBe('OPEN');
    expect(await statusOf([w.a1, w.a2])).toEqual([null, null]);
    const done = await w.vote(w.r3.c, req.id, 'APPROVED', 'Ship it');
    expect(done).toMatchObject({ status: 'APPROVED', resolved_at: expect.any(String), permissions: { vote: false, manage: false } });
    expect(await statusOf([w.a1, w.a2])).toEqual([approved.id, approved.id]);
    const moves = await eventsOf(w.a1, 'asset:workflow-status');
    expect(moves).toEqual([
      { type: 'asset:workflow-status', actorId: w.r3.id, data: expect.objectContaining({ to: approved.id, to_name: 'Approved' }) },
    ]);
    expect((await eventsOf(w.a1, 'approval:')).map((e) => e.type)).toEqual([
      'approval:request',
      'approval:vote',
      'approval:vote',
      'approval:vote',
      'approval:vote',
      'approval:result',
    ]);
    expect((await eventsOf(w.a2, 'approval:result'))[0]!.data).toEqual({
      request_id: req.id,
      result: 'APPROVED',
      by: 'vote',
      moved_to: approved.id,
    });
    // Closed: no more votes (409), and the asset's open list is empty.
    expectRefused(await w.r1.c.put(`/approval-request/${req.id}/vote`, { vote: 'REJECTED' }), 409, ['status']);
    expect((await w.viewer.c.get(`/asset/${w.a1}/approval-requests`)).body.data).toEqual([]);
    expect((await w.viewer.c.get(`/asset/${w.a1}/approval-requests?status=ALL`)).body.data).toHaveLength(1);
    // Any rejection rejects at once.
    const second = await w.ask({ user_ids: [w.r1.id, w.r2.id], mode: 'ALL' });
    expect((await w.vote(w.r2.c, second.id, 'REJECTED')).status).toBe('REJECTED');
  });

  it('FIRST and MAJORITY decide as soon as the outcome is known', async () => {
    const w = await world();
    const first = await w.ask({ user_ids: [w.r1.id, w.r2.id], mode: 'FIRST' });
    expect((await w.vote(w.r2.c, first.id, 'CHANGES_REQUESTED')).status).toBe('CHANGES_REQUESTED');
    expect(await statusOf([w.a1])).toEqual([null]);

    const three = { user_ids: [w.r1.id, w.r2.id, w.r3.id], mode: 'MAJORITY' };
    const yes = await w.ask(three);
    expect((await w.vote(w.r1.c, yes.id, 'APPROVED')).status).toBe('OPEN');
    expect((await w.vote(w.r2.c, yes.id, 'REJECTED')).status).toBe('OPEN');
    expect((await w.vote(w.r3.c, yes.id, 'APPROVED')).status).toBe('APPROVED');
    const no = await w.ask(three);
    expect((await w.vote(w.r1.c, no.id, 'REJECTED')).status).toBe('OPEN');
    // Two of three against: a majority can no longer approve.
    expect((await w.vote(w.r3.c, no.id, 'REJECTED')).status).toBe('REJECTED');
    // Not approved with as many rejections as requests for changes: CHANGES_REQUESTED.
    const changes = await w.ask(three);
    expect((await w.vote(w.r1.c, changes.id, 'CHANGES_REQUESTED')).status).toBe('OPEN');
    expect((await w.vote(w.r2.c, changes.id, 'REJECTED')).status).toBe('CHANGES_REQUESTED');
  });

  it('resolves at the due date by the job: NO_REJECTION approves, ALL and MAJORITY with missing votes ask for changes', async () => {
    const w = await world();
    const approved = w.statuses.find((s) => s.trigger)!;
    const quiet = await w.ask({ user_ids: [w.r1.id, w.r2.id], mode: 'NO_REJECTION', due_at: inDays(1) });
    await w.vote(w.r1.c, quiet.id, 'CHANGES_REQUESTED');
    const rejected = await w.ask({ user_ids: [w.r1.id, w.r2.id], mode: 'NO_REJECTION', due_at: inDays(1) });
    expect((await w.vote(w.r2.c, rejected.id, 'REJECTED')).status).toBe('REJECTED');
    const all = await w.ask({ user_ids: [w.r1.id, w.r2.id], mode: 'ALL', due_at: inDays(1) });
    await w.vote(w.r1.c, all.id, 'APPROVED');
    const majority = await w.ask({ user_ids: [w.r1.id, w.r2.id, w.r3.id], mode: 'MAJORITY', due_at: inDays(1) });
    await w.vote(w.r1.c, majority.id, 'APPROVED');
    const later = await w.ask({ user_ids: [w.r1.id], mode: 'ALL', due_at: inDays(1) });

    await runJob();
    expect((await w.c.get(`/approval-request/${quiet.id}`)).body.data.status).toBe('OPEN');
    for (const r of [quiet, all, majority]) await makeDue(r.id);
    await runJob();
    const status = async (id: number) => (await w.c.get(`/approval-request/${id}`)).body.data.status;
    expect(await status(quiet.id)).toBe('APPROVED');
    expect(await status(all.id)).toBe('CHANGES_REQUESTED');
    expect(await status(majority.id)).toBe('CHANGES_REQUESTED');
    expect(await status(later.id)).toBe('OPEN');
    expect(await statusOf([w.a1, w.a2])).toEqual([approved.id, approved.id]);
    const result = (await eventsOf(w.a1, 'approval:result')).find((e) => e.data.request_id === quiet.id)!;
    expect(result).toMatchObject({ actorId: null, data: { result: 'APPROVED', by: 'due', moved_to: approved.id } });
    const moved = await eventsOf(w.a1, 'asset:workflow-status');
    expect(moved).toMatchObject([{ actorId: null, data: { to: approved.id } }]);
  });

  it('counts a group as one reviewer whose vote any member casts or changes', async () => {
    const w = await world();
    const group = (await w.c.post('/groups', { name: 'Brand team' })).body.data.id as number;
    const [m1, m2] = await Promise.all([w.person(null), w.person(null)]);
    expect((await w.c.put(`/groups/${group}/members`, { user_ids: [m1.id, m2.id] })).status).toBe(200);
    // Members without access: the group cannot see the project.
    expectRefused(await w.c.post(`/project/${w.ws.id}/approval-requests`, { asset_ids: [w.a1], group_ids: [group], mode: 'ALL' }), 400, [
      'group_ids',
    ]);
    expect((await w.c.put(`/project/${w.ws.id}/group/${group}`, { level: 'VIEW' })).status).toBe(200);
    const req = await w.ask({ user_ids: [w.r1.id], group_ids: [group], mode: 'ALL' });
    expect(req.reviewers).toMatchObject([{ user: { id: w.r1.id } }, { group: { id: group, name: 'Brand team' }, counts: true }]);
    const m1View = (await m1.c.get(`/approval-request/${req.id}`)).body.data;
    expect(m1View.permissions.vote).toBe(true);
    // One member's rejection is the group's: ALL is rejected.
    expect((await w.vote(m1.c, req.id, 'REJECTED')).status).toBe('REJECTED');
    const next = await w.ask({ user_ids: [w.r1.id], group_ids: [group], mode: 'ALL' });
    await w.vote(m1.c, next.id, 'CHANGES_REQUESTED');
    const changed = await w.vote(m2.c, next.id, 'APPROVED');
    expect(changed.reviewers[1]).toMatchObject({ vote: 'APPROVED', voted_by: { id: m2.id } });
    expect((await w.vote(w.r1.c, next.id, 'APPROVED')).status).toBe('APPROVED');
    expect((await eventsOf(w.a1, 'approval:vote')).at(-2)!.data).toMatchObject({ request_id: next.id, group_ids: [group] });
  });

  it('stops counting a reviewer removed from the request or from the project, and decides without them', async () => {
    const w = await world();
    const req = await w.ask({ user_ids: [w.r1.id, w.r2.id, w.r3.id], mode: 'ALL' });
    await w.vote(w.r1.c, req.id, 'APPROVED');
    await w.vote(w.r2.c, req.id, 'APPROVED');
    // Only the requester or a project admin changes reviewers; names must be reviewers; one must stay.
    expectRefused(await w.r1.c.patch(`/approval-request/${req.id}/reviewers`, { remove_user_ids: [w.r3.id] }), 403);
    expectRefused(await w.editor.c.patch(`/approval-request/${req.id}/reviewers`, { remove_user_ids: [w.viewer.id] }), 400, [
      'remove_user_ids',
    ]);
    expectRefused(await w.editor.c.patch(`/approval-request/${req.id}/reviewers`, { add_user_ids: [w.outsider.id] }), 400, [
      'add_user_ids',
    ]);
    expectRefused(await w.editor.c.patch(`/approval-request/${req.id}/reviewers`, {}), 400, ['add_user_ids']);
    expectRefused(await w.editor.c.patch(`/approval-request/${req.id}/reviewers`, { remove_user_ids: [w.r1.id, w.r2.id, w.r3.id] }), 400, [
      'remove_user_ids',
    ]);
    const removed = await w.editor.c.patch(`/approval-request/${req.id}/reviewers`, { remove_user_ids: [w.r3.id] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.status).toBe('APPROVED');
    expect((await eventsOf(w.a1, 'approval:result'))[0]!.data).toMatchObject({ result: 'APPROVED', by: 'reviewers' });

    // Losing access to the project: shown as not counting at once, decided without them by the job.
    const second = await w.ask({ user_ids: [w.r1.id, w.r2.id], mode: 'ALL' });
    await w.vote(w.r1.c, second.id, 'APPROVED');
    expect((await w.c.delete(`/project/${w.ws.id}/user/${w.r2.id}`)).status).toBe(200);
    const shown = (await w.c.get(`/approval-request/${second.id}`)).body.data;
    expect(shown.reviewers.map((r: { counts: boolean }) => r.counts)).toEqual([true, false]);
    expectRefused(await w.r2.c.put(`/approval-request/${second.id}/vote`, { vote: 'REJECTED' }), 404);
    await runJob();
    expect((await w.c.get(`/approval-request/${second.id}`)).body.data.status).toBe('APPROVED');
    // Adding a reviewer to an open request.
    const third = await w.ask({ user_ids: [w.r1.id], mode: 'ALL' });
    const added = await w.editor.c.patch(`/approval-request/${third.id}/reviewers`, { add_user_ids: [w.r3.id] });
    expect(added.body.data.reviewers).toHaveLength(2);
    expect((await w.vote(w.r1.c, third.id, 'APPROVED')).status).toBe('OPEN');
  });

  it('resets the votes of open requests when an asset gets a new revision, and records it', async () => {
    const w = await world();
    const file = await kit.fileAsset(w.c, w.owner, w.ws.id);
    const res = await w.editor.c.post(`/project/${w.ws.id}/approval-requests`, {
      asset_ids: [file.id, w.a1],
      user_ids: [w.r1.id, w.r2.id],
      mode: 'ALL',
    });
    const req = res.body.data;
    await w.vote(w.r1.c, req.id, 'APPROVED');
    const upload = await env().factories.file(w.owner.actor, { name: 'v2.png', bytes: await iconPng(32), mime: 'image/png' });
    expect((await w.c.post(`/asset/${file.id}/revision`, { file_id: upload.id })).status).toBe(200);
    const after = (await w.c.get(`/approval-request/${req.id}`)).body.data;
    expect(after.status).toBe('OPEN');
    expect(after.reviewers.map((r: { vote: string | null }) => r.vote)).toEqual([null, null]);
    expect((await eventsOf(w.a1, 'approval:reset'))[0]!.data).toEqual({ request_id: req.id, revision: 2, votes: 1 });
    expect((await w.vote(w.r2.c, req.id, 'APPROVED')).status).toBe('OPEN');
    expect((await w.vote(w.r1.c, req.id, 'APPROVED')).status).toBe('APPROVED');
  });

  it('notifies the reviewers (group members too) of a request and of a reset, and the requester of votes and the result', async () => {
    const w = await world();
    const group = (await w.c.post('/groups', { name: 'Reviewers' })).body.data.id as number;
    const member = await w.person(null);
    expect((await w.c.put(`/groups/${group}/members`, { user_ids: [member.id] })).status).toBe(200);
    expect((await w.c.put(`/project/${w.ws.id}/group/${group}`, { level: 'VIEW' })).status).toBe(200);
    const file = await kit.fileAsset(w.c, w.owner, w.ws.id);
    const res = await w.editor.c.post(`/project/${w.ws.id}/approval-requests`, {
      asset_ids: [file.id],
      user_ids: [w.r1.id],
      group_ids: [group],
      mode: 'ALL',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const req = res.body.data as { id: number };
    type Note = {
      type: string;
      data: Record<string, unknown>;
      request_id: number | null;
      asset: { id: number } | null;
      actor: { id: number } | null;
    };
    const notes = async (who: Client) =>
      ((await who.get('/notifications')).body.data.notifications as Note[]).filter((n) => n.request_id === req.id);
    for (const who of [w.r1, member]) {
      expect(await notes(who.c)).toMatchObject([{ type: 'review_request', asset: { id: file.id }, actor: { id: w.editor.id } }]);
    }
    // The requester is not told of their own request; someone who reviews nothing hears nothing.
    expect(await notes(w.editor.c)).toEqual([]);
    expect(await notes(w.r2.c)).toEqual([]);

    await w.vote(w.r1.c, req.id, 'APPROVED');
    expect(await notes(w.editor.c)).toMatchObject([{ type: 'review_decision', data: { vote: 'APPROVED' }, actor: { id: w.r1.id } }]);

    // A new revision clears the votes and asks the reviewers again.
    const upload = await env().factories.file(w.owner.actor, { name: 'v2.png', bytes: await iconPng(32), mime: 'image/png' });
    expect((await w.c.post(`/asset/${file.id}/revision`, { file_id: upload.id })).status).toBe(200);
    for (const who of [w.r1, member]) {
      expect((await notes(who.c)).map((n) => [n.type, n.data.revision ?? null])).toEqual([
        ['review_request', 2],
        ['review_request', null],
      ]);
    }

    await w.vote(w.r1.c, req.id, 'APPROVED');
    expect((await w.vote(member.c, req.id, 'APPROVED')).status).toBe('APPROVED');
    // The deciding vote is told as the result, not as one more vote.
    expect((await notes(w.editor.c)).map((n) => n.data.decision ?? n.data.vote)).toEqual(['APPROVED', 'APPROVED', 'APPROVED']);
    expect((await notes(w.editor.c))[0]!.data).toMatchObject({ decision: 'APPROVED' });
  });

  it('keeps an APPROVED result when the project has no APPROVED status, and lets the requester or an admin cancel', async () => {
    const w = await world();
    const approved = w.statuses.find((s) => s.trigger)!;
    expect((await w.c.delete(`/project/status/item/${approved.id}`)).status).toBe(200);
    const req = await w.ask({ user_ids: [w.r1.id], mode: 'FIRST' });
    expect((await w.vote(w.r1.c, req.id, 'APPROVED')).status).toBe('APPROVED');
    expect(await statusOf([w.a1, w.a2])).toEqual([null, null]);
    expect((await eventsOf(w.a1, 'approval:result'))[0]!.data).toMatchObject({ result: 'APPROVED', moved_to: null });
    expect(await eventsOf(w.a1, 'asset:workflow-status')).toEqual([]);

    const open = await w.ask({ user_ids: [w.r1.id], mode: 'ALL' });
    expectRefused(await w.r1.c.post(`/approval-request/${open.id}/cancel`), 403);
    expectRefused(await w.outsider.c.post(`/approval-request/${open.id}/cancel`), 404);
    const cancelled = await w.editor.c.post(`/approval-request/${open.id}/cancel`);
    expect(cancelled.body.data.status).toBe('CANCELLED');
    expectRefused(await w.editor.c.post(`/approval-request/${open.id}/cancel`), 409, ['status']);
    expectRefused(await w.r1.c.put(`/approval-request/${open.id}/vote`, { vote: 'APPROVED' }), 409, ['status']);
    const byAdmin = await w.ask({ user_ids: [w.r1.id], mode: 'ALL' });
    expect((await w.c.post(`/approval-request/${byAdmin.id}/cancel`)).body.data.status).toBe('CANCELLED');
  });

  it("publishes 'approval' on the project's channel, with ids only, for every change", async () => {
    const w = await world();
    // Both backends run in this process and their project ids may coincide.
    published.length = 0;
    const mine = () => published.filter((m) => m.event === 'approval' && m.channel === `presence-project-${w.ws.id}`);
    const req = await w.ask({ user_ids: [w.r1.id, w.r2.id], mode: 'ALL' });
    await w.vote(w.r1.c, req.id, 'APPROVED');
    await w.editor.c.patch(`/approval-request/${req.id}/reviewers`, { add_user_ids: [w.r3.id] });
    await w.editor.c.post(`/approval-request/${req.id}/cancel`);
    const ids = [w.a1, w.a2].sort((a, b) => a - b);
    expect(mine()).toEqual(
      Array(4).fill({ channel: `presence-project-${w.ws.id}`, event: 'approval', data: { request_id: req.id, asset_ids: ids } }),
    );
    // A refused change publishes nothing.
    expectRefused(await w.r1.c.put(`/approval-request/${req.id}/vote`, { vote: 'APPROVED' }), 409);
    expect(mine()).toHaveLength(4);
  });

  it('pages through the asset audit trail, newest first, with actors', async () => {
    const w = await world();
    const req = await w.ask({ user_ids: [w.r1.id], mode: 'ALL' });
    await w.vote(w.r1.c, req.id, 'APPROVED');
    expect((await w.r1.c.post(`/asset/${w.a1}/comments`, { content: 'Nice' })).status).toBe(201);
    const all: { id: number; type: string; actor: { id: number } | null }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Json = await w.viewer.c.get(`/asset/${w.a1}/audit-trail?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.entries.length).toBeLessThanOrEqual(2);
      all.push(...res.body.data.entries);
      cursor = res.body.data.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThan(2);
    expect(all.map((e) => e.type)).toEqual([
      'comment:create',
      'approval:result',
      'asset:workflow-status',
      'approval:vote',
      'approval:request',
      'asset:create',
    ]);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    expect(all[0]!.actor).toMatchObject({ id: w.r1.id });
    const whole = await w.viewer.c.get(`/asset/${w.a1}/audit-trail`);
    expect(whole.body.data).toMatchObject({ next_cursor: null });
    expect(whole.body.data.entries).toHaveLength(6);
    expectRefused(await w.viewer.c.get(`/asset/${w.a1}/audit-trail?cursor=abc`), 400, ['cursor']);
    expectRefused(await w.viewer.c.get(`/asset/${w.a1}/audit-trail?limit=0`), 400, ['limit']);
    expectRefused(await w.outsider.c.get(`/asset/${w.a1}/audit-trail`), 404);
    expectRefused(await w.viewer.c.get('/asset/999999/audit-trail'), 404);
  });

  it('serves the same operations in GraphQL', async () => {
    const w = await world();
    const create = await w.editor.c.graphql(
      `mutation($i: CreateApprovalRequestInput!) { createApprovalRequest(input: $i) { request { id status mode canManage reviewers { user { id } counts } } } }`,
      {
        i: {
          projectId: gid('Project', w.ws.id),
          assetIds: [gid('Asset', w.a1)],
          userIds: [gid('User', w.r1.id)],
          mode: 'ALL',
          message: 'Hi',
        },
      },
    );
    expect(create.body.errors).toBeUndefined();
    const request = create.body.data.createApprovalRequest.request;
    expect(request).toMatchObject({
      status: 'OPEN',
      mode: 'ALL',
      canManage: true,
      reviewers: [{ user: { id: gid('User', w.r1.id) }, counts: true }],
    });
    const refused = await w.viewer.c.graphql(
      `mutation($i: CreateApprovalRequestInput!) { createApprovalRequest(input: $i) { request { id } } }`,
      { i: { projectId: gid('Project', w.ws.id), assetIds: [gid('Asset', w.a1)], userIds: [gid('User', w.r1.id)], mode: 'ALL' } },
    );
    expect(refused.body.errors[0].extensions.status).toBe(403);
    const vote = await w.r1.c.graphql(
      `mutation($i: VoteOnApprovalRequestInput!) { voteOnApprovalRequest(input: $i) { request { status reviewers { vote comment } } } }`,
      { i: { requestId: request.id, vote: 'APPROVED', comment: 'Good' } },
    );
    expect(vote.body.data.voteOnApprovalRequest.request).toEqual({
      status: 'APPROVED',
      reviewers: [{ vote: 'APPROVED', comment: 'Good' }],
    });
    const read = await w.viewer.c.graphql(
      `query($id: ID!, $a: ID!) { approvalRequest(id: $id) { status requester { id } }
        asset(id: $a) { approvalRequests(onlyOpen: false) { id } auditTrail(limit: 2) { entries { type actor { id } } nextCursor } } }`,
      { id: request.id, a: gid('Asset', w.a1) },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.approvalRequest).toEqual({ status: 'APPROVED', requester: { id: gid('User', w.editor.id) } });
    expect(read.body.data.asset.approvalRequests).toEqual([{ id: request.id }]);
    expect(read.body.data.asset.auditTrail.entries.map((e: { type: string }) => e.type)).toEqual([
      'approval:result',
      'asset:workflow-status',
    ]);
    expect(read.body.data.asset.auditTrail.nextCursor).toEqual(expect.any(String));
    const cancel = await w.editor.c.graphql(`mutation($id: ID!) { cancelApprovalRequest(requestId: $id) { request { status } } }`, {
      id: request.id,
    });
    expect(cancel.body.errors[0].extensions.status).toBe(409);
  });
});
