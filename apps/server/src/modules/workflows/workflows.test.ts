import { readFileSync } from 'node:fs';
import { DEFAULT_WORKFLOW_STATUSES, encodeBase64Id } from '@emblem/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assets, events, workflowStatuses } from '../../db/schema.js';
import { type Client, forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit } from '../assets/assets-test-kit.js';

type Status = { id: number; name: string; color: string; trigger: boolean };

forEachBackend('workflow statuses', (env) => {
  const kit = assetsKit(env);

  /** A workspace with three link assets, its statuses, and members at each level. */
  async function world() {
    const { owner, accountId } = await env().factories.account({ flags: ['PUBLIC_ASSET_SHARING'] });
    const c = await env().signIn(owner);
    const ws = await env().factories.project(owner.actor, { type: 'WORKSPACE', name: 'Spring' });
    const [a1, a2, a3] = await kit.links(c, ws.id, ['One', 'Two', 'Three']);
    const statuses = (await c.get(`/project/status/${ws.id}`)).body.data as Status[];
    const member = async (level: string | null) => {
      const user = await env().factories.member(accountId, 'MEMBER');
      if (level) expect((await c.put(`/project/${ws.id}/user/${user.id}`, { level })).status).toBe(200);
      return env().signIn(user);
    };
    return { owner, accountId, c, ws, assets: [a1, a2, a3] as [number, number, number], statuses, member };
  }
  const statusOf = async (ids: number[]) => {
    const rows = await kit.db().select({ id: assets.id, s: assets.workflowStatusId }).from(assets).where(inArray(assets.id, ids));
    return Object.fromEntries(rows.map((r) => [r.id, r.s]));
  };
  const moveEvents = (ids: number[]) =>
    kit
      .db()
      .select({ subjectId: events.subjectId, actorId: events.actorId, data: events.data, createdAt: events.createdAt })
      .from(events)
      .where(and(eq(events.type, 'asset:workflow-status'), inArray(events.subjectId, ids)))
      .orderBy(events.id);

  it('gives a new workspace the default statuses in order, and a library none', async () => {
    const w = await world();
    expect(w.statuses.map(({ name, color, trigger }) => ({ name, color, trigger }))).toEqual([
      { name: 'Briefing', color: '#9ca3af', trigger: false },
      { name: 'In progress', color: '#3b82f6', trigger: false },
      { name: 'In review', color: '#f59e0b', trigger: false },
      { name: 'Approved', color: '#22c55e', trigger: true },
    ]);
    const lib = await env().factories.project(w.owner.actor, { brandId: w.ws.brandId });
    const none = await w.c.get(`/project/status/${lib.id}`);
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    // A VIEW collaborator reads them; an outsider of the project and another account get 404.
    const viewer = await w.member('VIEW');
    expect((await viewer.get(`/project/status/${w.ws.id}`)).body.data).toEqual(w.statuses);
    expectRefused(await (await w.member(null)).get(`/project/status/${w.ws.id}`), 404);
    const other = await kit.setup();
    expectRefused(await other.c.get(`/project/status/${w.ws.id}`), 404);
    expectRefused(await w.c.get('/project/status/abc'), 400, ['projectId']);
  });

  it("backfills the defaults for workspaces without statuses with migration 0018's statement", async () => {
    const w = await world();
    const lib = await env().factories.project(w.owner.actor, { brandId: w.ws.brandId });
    await kit.db().delete(workflowStatuses).where(eq(workflowStatuses.projectId, w.ws.id));
    const migration = readFileSync(new URL('../../db/migrations/0018_workflow_statuses.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toContain('INSERT INTO "workflow_statuses"');
    // Run only for these two projects (other tests' workspaces already have theirs).
    await kit
      .db()
      .execute(sql.raw(backfill.replace('WHERE p."project_type"', `WHERE p."id" in (${w.ws.id}, ${lib.id}) AND p."project_type"`)));
    const list = (await w.c.get(`/project/status/${w.ws.id}`)).body.data as Status[];
    expect(list.map(({ name, color, trigger }) => ({ name, color, trigger: trigger ? 'APPROVED' : null }))).toEqual(
      DEFAULT_WORKFLOW_STATUSES,
    );
    expect((await w.c.get(`/project/status/${lib.id}`)).body.data).toEqual([]);
  });

  it('moves assets to a status, all or none, writing one event per asset that changed', async () => {
    const w = await world();
    const [briefing, inProgress] = w.statuses as [Status, Status];
    const editor = await w.member('EDIT');
    const res = await editor.put(`/workflows/status-item/status/${briefing.id}`, { asset_ids: [w.assets[0], w.assets[1]] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ status_id: briefing.id, moved: 2, asset_ids: [w.assets[0], w.assets[1]] });
    const again = await editor.put(`/workflows/status-item/status/${inProgress.id}`, { asset_ids: [w.assets[0], w.assets[0]] });
    expect(again.body.data.moved).toBe(1);
    // Already there: nothing changes and no event.
    expect((await editor.put(`/workflows/status-item/status/${inProgress.id}`, { asset_ids: [w.assets[0]] })).body.data.moved).toBe(0);
    expect(await statusOf(w.assets)).toEqual({ [w.assets[0]]: inProgress.id, [w.assets[1]]: briefing.id, [w.assets[2]]: null });

    const recorded = await moveEvents(w.assets);
    expect(recorded.map((e) => [e.subjectId, e.data])).toEqual([
      [w.assets[0], { project_id: w.ws.id, from: null, from_name: null, to: briefing.id, to_name: 'Briefing' }],
      [w.assets[1], { project_id: w.ws.id, from: null, from_name: null, to: briefing.id, to_name: 'Briefing' }],
      [w.assets[0], { project_id: w.ws.id, from: briefing.id, from_name: 'Briefing', to: inProgress.id, to_name: 'In progress' }],
    ]);
    const editorId = (await editor.get('/user/info')).body.data.id;
    expect(editorId).toEqual(expect.any(Number));
    expect(recorded.map((e) => e.actorId)).toEqual([editorId, editorId, editorId]);
    expect(recorded[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a move naming an asset of another project, a trashed or unknown one (404, nothing moves), and bad input', async () => {
    const w = await world();
    const [briefing] = w.statuses as [Status];
    const other = await env().factories.project(w.owner.actor, { type: 'WORKSPACE', brandId: w.ws.brandId });
    const [foreign] = await kit.links(w.c, other.id, ['Elsewhere']);
    const [trashed] = await kit.links(w.c, w.ws.id, ['Gone']);
    expect((await w.c.delete(`/asset/${trashed}`)).status).toBe(200);
    for (const bad of [foreign!, trashed!, 2_000_000_000]) {
      expectRefused(await w.c.put(`/workflows/status-item/status/${briefing.id}`, { asset_ids: [w.assets[0], bad] }), 404);
    }
    expect(await statusOf(w.assets)).toEqual({ [w.assets[0]]: null, [w.assets[1]]: null, [w.assets[2]]: null });
    expect(await moveEvents([...w.assets, foreign!, trashed!])).toEqual([]);

    expectRefused(await w.c.put(`/workflows/status-item/status/${briefing.id}`, { asset_ids: [] }), 400, ['asset_ids']);
    expectRefused(await w.c.put(`/workflows/status-item/status/${briefing.id}`, { asset_ids: ['x'] }), 400, ['asset_ids.0']);
    expectRefused(await w.c.put(`/workflows/status-item/status/${briefing.id}`, {}), 400, ['asset_ids']);
    expectRefused(await w.c.put(`/workflows/status-item/status/0`, { asset_ids: [w.assets[0]] }), 400, ['statusId']);
    expectRefused(await w.c.put(`/workflows/status-item/status/2000000000`, { asset_ids: [w.assets[0]] }), 404);
    // The database refuses a status of another project too.
    const otherStatus = ((await w.c.get(`/project/status/${other.id}`)).body.data as Status[])[0]!;
    expectRefused(await w.c.put(`/workflows/status-item/status/${otherStatus.id}`, { asset_ids: [w.assets[0]] }), 404);
  });

  it('lets VIEW read but not move, EDIT move but not manage, and hides everything from another account', async () => {
    const w = await world();
    const [briefing] = w.statuses as [Status];
    const viewer = await w.member('VIEW');
    expectRefused(await viewer.put(`/workflows/status-item/status/${briefing.id}`, { asset_ids: [w.assets[0]] }), 403);
    const editor = await w.member('EDIT');
    expectRefused(await editor.post(`/project/${w.ws.id}/status`, { name: 'Extra', color: '#000000' }), 403);
    expectRefused(await editor.patch(`/project/status/item/${briefing.id}`, { name: 'Brief' }), 403);
    expectRefused(await editor.put(`/project/${w.ws.id}/status/order`, { status_ids: w.statuses.map((s) => s.id).reverse() }), 403);
    expectRefused(await editor.delete(`/project/status/item/${briefing.id}`), 403);

    const { c: stranger, owner: strangerOwner } = await kit.setup();
    expectRefused(await stranger.put(`/workflows/status-item/status/${briefing.id}`, { asset_ids: [w.assets[0]] }), 404);
    expectRefused(await stranger.patch(`/project/status/item/${briefing.id}`, { name: 'Mine' }), 404);
    expectRefused(await stranger.delete(`/project/status/item/${briefing.id}`), 404);
    expectRefused(await stranger.post(`/project/${w.ws.id}/status`, { name: 'Mine', color: '#000000' }), 404);
    // Their own workspace's status with our assets: our assets are not theirs to name.
    const theirs = await env().factories.project(strangerOwner.actor, { type: 'WORKSPACE' });
    const theirStatus = ((await stranger.get(`/project/status/${theirs.id}`)).body.data as Status[])[0]!;
    expectRefused(await stranger.put(`/workflows/status-item/status/${theirStatus.id}`, { asset_ids: [w.assets[0]] }), 404);
    expect(await statusOf(w.assets)).toEqual({ [w.assets[0]]: null, [w.assets[1]]: null, [w.assets[2]]: null });
  });

  it('lets a project admin create, update, reorder and delete statuses, keeping one APPROVED', async () => {
    const w = await world();
    const admin = await w.member('ADMIN');
    const created = await admin.post(`/project/${w.ws.id}/status`, { name: '  Ready  to ship ', color: '#AABBCC' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toEqual({ id: expect.any(Number), name: 'Ready to ship', color: '#aabbcc', trigger: false });
    const list = (await admin.get(`/project/status/${w.ws.id}`)).body.data as Status[];
    expect(list.map((s) => s.name)).toEqual(['Briefing', 'In progress', 'In review', 'Approved', 'Ready to ship']);

    // At most one APPROVED: creating or updating a second one is a 409 naming trigger.
    expectRefused(await admin.post(`/project/${w.ws.id}/status`, { name: 'Signed off', color: '#111111', trigger: 'APPROVED' }), 409, [
      'trigger',
    ]);
    expectRefused(await admin.patch(`/project/status/item/${created.body.data.id}`, { trigger: 'APPROVED' }), 409, ['trigger']);
    const approved = list[3]!;
    expect((await admin.patch(`/project/status/item/${approved.id}`, { trigger: null })).body.data.trigger).toBe(false);
    const moved = await admin.patch(`/project/status/item/${created.body.data.id}`, { trigger: 'APPROVED', name: 'Shipped' });
    expect(moved.body.data).toMatchObject({ name: 'Shipped', trigger: true });

    expectRefused(await admin.post(`/project/${w.ws.id}/status`, { name: '', color: '#111111' }), 400, ['name']);
    expectRefused(await admin.post(`/project/${w.ws.id}/status`, { name: 'X', color: 'red' }), 400, ['color']);
    expectRefused(await admin.post(`/project/${w.ws.id}/status`, { name: 'X', color: '#111111', trigger: 'DONE' }), 400, ['trigger']);
    expectRefused(await admin.post(`/project/${w.ws.id}/status`, { name: 'X', color: '#111111', extra: 1 }), 400);
    expectRefused(await admin.patch(`/project/status/item/${approved.id}`, {}), 400, ['name']);
    expectRefused(await admin.patch(`/project/status/item/${approved.id}`, { color: '#12345' }), 400, ['color']);
    // Statuses belong to workspaces only.
    const lib = await env().factories.project(w.owner.actor, { brandId: w.ws.brandId });
    expectRefused(await w.c.post(`/project/${lib.id}/status`, { name: 'X', color: '#111111' }), 400, ['projectId']);

    // Reorder: exactly the project's statuses.
    const ids = list.map((s) => s.id);
    const reversed = [...ids].reverse();
    const reordered = await admin.put(`/project/${w.ws.id}/status/order`, { status_ids: reversed });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.data.map((s: Status) => s.id)).toEqual(reversed);
    expect(((await admin.get(`/project/status/${w.ws.id}`)).body.data as Status[]).map((s) => s.id)).toEqual(reversed);
    expectRefused(await admin.put(`/project/${w.ws.id}/status/order`, { status_ids: ids.slice(1) }), 400, ['status_ids']);
    expectRefused(await admin.put(`/project/${w.ws.id}/status/order`, { status_ids: [...ids.slice(1), ids[1]] }), 400, ['status_ids']);
    const other = await env().factories.project(w.owner.actor, { type: 'WORKSPACE', brandId: w.ws.brandId });
    const foreign = ((await w.c.get(`/project/status/${other.id}`)).body.data as Status[])[0]!;
    expectRefused(await admin.put(`/project/${w.ws.id}/status/order`, { status_ids: [...ids.slice(1), foreign.id] }), 404);
    expectRefused(await admin.put(`/project/${w.ws.id}/status/order`, { status_ids: 'x' }), 400, ['status_ids']);
  });

  it('deletes a status, moving its assets to move_to, which is required when it holds assets; the last one stays', async () => {
    const w = await world();
    const [briefing, inProgress, inReview, approved] = w.statuses as [Status, Status, Status, Status];
    await w.c.put(`/workflows/status-item/status/${briefing.id}`, { asset_ids: [w.assets[0], w.assets[1]] });

    expectRefused(await w.c.delete(`/project/status/item/${briefing.id}`), 400, ['move_to']);
    expectRefused(await w.c.delete(`/project/status/item/${briefing.id}?move_to=${briefing.id}`), 400, ['move_to']);
    expectRefused(await w.c.delete(`/project/status/item/${briefing.id}?move_to=abc`), 400, ['move_to']);
    const other = await env().factories.project(w.owner.actor, { type: 'WORKSPACE', brandId: w.ws.brandId });
    const foreign = ((await w.c.get(`/project/status/${other.id}`)).body.data as Status[])[0]!;
    expectRefused(await w.c.delete(`/project/status/item/${briefing.id}?move_to=${foreign.id}`), 404);

    const done = await w.c.delete(`/project/status/item/${briefing.id}?move_to=${inReview.id}`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toEqual({ id: briefing.id, moved: 2 });
    expect(await statusOf(w.assets)).toEqual({ [w.assets[0]]: inReview.id, [w.assets[1]]: inReview.id, [w.assets[2]]: null });
    const recorded = await moveEvents([w.assets[0]]);
    expect(recorded.at(-1)?.data).toEqual({
      project_id: w.ws.id,
      from: briefing.id,
      from_name: 'Briefing',
      to: inReview.id,
      to_name: 'In review',
    });

    // An empty status goes without move_to; the last one cannot go.
    expect((await w.c.delete(`/project/status/item/${inProgress.id}`)).status).toBe(200);
    expect((await w.c.delete(`/project/status/item/${approved.id}`)).status).toBe(200);
    await w.c.put(`/workflows/status-item/status/${inReview.id}`, { asset_ids: [w.assets[2]] });
    expectRefused(await w.c.delete(`/project/status/item/${inReview.id}`), 409);
    expect(((await w.c.get(`/project/status/${w.ws.id}`)).body.data as Status[]).map((s) => s.name)).toEqual(['In review']);
    expectRefused(await w.c.delete(`/project/status/item/${briefing.id}`), 404);

    // Deleting the workspace takes its statuses along with its assets.
    expect((await w.c.delete(`/project/${w.ws.id}`)).status).toBe(200);
  });

  it('clears the status of an asset moved to another project', async () => {
    const w = await world();
    const [briefing] = w.statuses as [Status];
    await w.c.put(`/workflows/status-item/status/${briefing.id}`, { asset_ids: [w.assets[0]] });
    const other = await env().factories.project(w.owner.actor, { type: 'WORKSPACE', brandId: w.ws.brandId });
    const moved = await w.c.post('/assets/transfer', {
      mode: 'move',
      source: { project: w.ws.id },
      target: { project: other.id },
      assets: [w.assets[0]],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await statusOf([w.assets[0]])).toEqual({ [w.assets[0]]: null });
  });

  it("shows each asset's status in the asset, list and viewer answers, null for none and in libraries", async () => {
    const w = await world();
    const [, inProgress, , approved] = w.statuses as [Status, Status, Status, Status];
    await w.c.put(`/workflows/status-item/status/${approved.id}`, { asset_ids: [w.assets[0]] });
    await w.c.put(`/workflows/status-item/status/${inProgress.id}`, { asset_ids: [w.assets[1]] });
    const viewer = await w.member('VIEW');
    expect((await viewer.get(`/asset/${w.assets[0]}`)).body.data.workflow_status).toEqual(approved);
    expect((await viewer.get(`/screen/data/${w.assets[1]}`)).body.data.asset.workflow_status).toEqual(inProgress);
    const list = await viewer.post('/asset/list', { project_id: w.ws.id, sort: 'title' });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const byTitle = Object.fromEntries(
      (list.body.data.items as { title: string; workflow_status: Status | null }[]).map((a) => [a.title, a.workflow_status]),
    );
    expect(byTitle).toEqual({ One: approved, Two: inProgress, Three: null });
    const lib = await env().factories.project(w.owner.actor, { brandId: w.ws.brandId });
    const [inLib] = await kit.links(w.c, lib.id, ['Library link']);
    expect((await w.c.get(`/asset/${inLib}`)).body.data.workflow_status).toBeNull();
  });

  it("answers a permission token's workspace statuses without a session", async () => {
    const w = await world();
    const minted = await w.c.post('/asset/permission-token', { asset_ids: [w.assets[0], w.assets[1]], permission_level: 'VIEW' });
    expect(minted.status, JSON.stringify(minted.body)).toBe(201);
    const anon = env().anon();
    const res = await anon.post('/workflow-status/list', { asset_permission_token: minted.body.data.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual(w.statuses.map((s) => ({ ...s, project_id: w.ws.id })));
    expectRefused(await anon.post('/workflow-status/list', { asset_permission_token: 'x'.repeat(32) }), 404);
    expectRefused(await anon.post('/workflow-status/list', { asset_permission_token: 'short' }), 400, ['asset_permission_token']);
    expectRefused(await anon.post('/workflow-status/list', {}), 400, ['asset_permission_token']);
    // A token whose assets are all in the trash or past their expiry names no workspace.
    expect((await w.c.delete(`/asset/${w.assets[0]}`)).status).toBe(200);
    expect((await anon.post('/workflow-status/list', { asset_permission_token: minted.body.data.token })).body.data).toHaveLength(4);
    await kit
      .db()
      .update(assets)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(assets.id, w.assets[1]));
    expect((await anon.post('/workflow-status/list', { asset_permission_token: minted.body.data.token })).body.data).toEqual([]);
  });

  it('lists and moves through GraphQL with the same rules', async () => {
    const w = await world();
    const [, inProgress] = w.statuses as [Status, Status];
    const q = await w.c.graphql('query($id: ID!) { workflowStatuses(projectId: $id) { id name color trigger } }', {
      id: encodeBase64Id('Project', w.ws.id),
    });
    expect(q.body.errors).toBeUndefined();
    expect(q.body.data.workflowStatuses.map((s: { name: string; trigger: boolean }) => [s.name, s.trigger])).toEqual([
      ['Briefing', false],
      ['In progress', false],
      ['In review', false],
      ['Approved', true],
    ]);
    const move = (c: Client, assetIds: number[]) =>
      c.graphql('mutation($s: ID!, $a: [ID!]!) { moveAssetsToWorkflowStatus(statusId: $s, assetIds: $a) { statusId moved assetIds } }', {
        s: encodeBase64Id('WorkflowStatus', inProgress.id),
        a: assetIds.map((id) => encodeBase64Id('Asset', id)),
      });
    const m = await move(w.c, [w.assets[1]]);
    expect(m.body.errors).toBeUndefined();
    expect(m.body.data.moveAssetsToWorkflowStatus).toEqual({
      statusId: encodeBase64Id('WorkflowStatus', inProgress.id),
      moved: 1,
      assetIds: [encodeBase64Id('Asset', w.assets[1])],
    });
    expect(await statusOf([w.assets[1]])).toEqual({ [w.assets[1]]: inProgress.id });
    const statusOfAsset = (id: number) =>
      w.c.graphql('query($id: ID!) { asset(id: $id) { workflowStatus { id name color trigger } } }', { id: encodeBase64Id('Asset', id) });
    expect((await statusOfAsset(w.assets[1])).body.data.asset.workflowStatus).toEqual({
      id: encodeBase64Id('WorkflowStatus', inProgress.id),
      name: 'In progress',
      color: '#3b82f6',
      trigger: false,
    });
    expect((await statusOfAsset(w.assets[2])).body.data.asset.workflowStatus).toBeNull();
    const viewer = await w.member('VIEW');
    expect((await move(viewer, [w.assets[2]])).body.errors[0].extensions.status).toBe(403);
  });
});
