import { encodeBase64Id } from '@emblem/core';
import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { events } from '../../db/schema.js';
import { type Client, forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit } from '../assets/assets-test-kit.js';
import { remindDueAssets } from './operations.js';

const gqlStatus = (res: Json) => res.body.errors?.[0]?.extensions?.status;

forEachBackend('assignments and checklists', (env) => {
  const kit = assetsKit(env);

  /** A workspace with three link assets and members at each level (VIEW, EDIT, none). */
  async function world() {
    const { owner, accountId } = await env().factories.account();
    const c = await env().signIn(owner);
    const ws = await env().factories.project(owner.actor, { type: 'WORKSPACE', name: 'Spring' });
    const [a1, a2, a3] = (await kit.links(c, ws.id, ['One', 'Two', 'Three'])) as [number, number, number];
    const member = async (level: string | null) => {
      const user = await env().factories.member(accountId, 'MEMBER');
      if (level) expect((await c.put(`/project/${ws.id}/user/${user.id}`, { level })).status).toBe(200);
      return { id: user.id, c: await env().signIn(user) };
    };
    const [view, edit, outsider] = await Promise.all([member('VIEW'), member('EDIT'), member(null)]);
    return { owner, accountId, c, ws, assets: [a1, a2, a3] as const, view, edit, outsider };
  }
  const eventsOf = (type: string, ids: number[]) =>
    kit
      .db()
      .select({ subjectId: events.subjectId, actorId: events.actorId, data: events.data })
      .from(events)
      .where(and(eq(events.type, type), inArray(events.subjectId, ids)))
      .orderBy(events.id);
  const ok = (res: Json, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.data;
  };

  it('sets and clears the assignee and due date with one event each; VIEW reads, cannot change', async () => {
    const w = await world();
    const [a] = w.assets;
    expect(ok(await w.view.c.get(`/asset/${a}/assignment`))).toEqual({ asset_id: a, assignee: null, due_at: null, checklist: [] });
    const set = ok(await w.edit.c.patch(`/asset/${a}/assignment`, { assignee_id: w.view.id, due_at: '2030-05-01T17:00:00+02:00' }));
    expect(set).toMatchObject({ assignee: { id: w.view.id }, due_at: '2030-05-01T15:00:00.000Z' });
    // The same values again change nothing and write no event.
    ok(await w.edit.c.patch(`/asset/${a}/assignment`, { assignee_id: w.view.id }));
    ok(await w.edit.c.patch(`/asset/${a}/assignment`, { assignee_id: null, due_at: null }));
    expect((await eventsOf('asset:assign', [a])).map((e) => [e.actorId, e.data])).toEqual([
      [w.edit.id, { project_id: w.ws.id, from: null, to: w.view.id }],
      [w.edit.id, { project_id: w.ws.id, from: w.view.id, to: null }],
    ]);
    expect((await eventsOf('asset:due-date', [a])).map((e) => e.data)).toEqual([
      { project_id: w.ws.id, from: null, to: '2030-05-01T15:00:00.000Z' },
      { project_id: w.ws.id, from: '2030-05-01T15:00:00.000Z', to: null },
    ]);
    // The new assignee is told once (the same assignee again and clearing tell nobody); the assigner is not.
    const told = async (c: typeof w.view.c) =>
      (
        (await c.get('/notifications')).body.data.notifications as { type: string; asset: { id: number } | null; actor: { id: number } }[]
      ).filter((n) => n.type === 'assignment');
    expect(await told(w.view.c)).toMatchObject([{ asset: { id: a }, actor: { id: w.edit.id } }]);
    expect(await told(w.edit.c)).toEqual([]);

    expectRefused(await w.view.c.patch(`/asset/${a}/assignment`, { assignee_id: w.edit.id }), 403);
    expectRefused(await w.outsider.c.get(`/asset/${a}/assignment`), 404);
    expectRefused(await w.outsider.c.patch(`/asset/${a}/assignment`, { due_at: null }), 404);
    // An assignee who cannot see the project, or of another account, is 400 naming the field.
    expectRefused(await w.edit.c.patch(`/asset/${a}/assignment`, { assignee_id: w.outsider.id }), 400, ['assignee_id']);
    const other = await kit.setup();
    expectRefused(await w.edit.c.patch(`/asset/${a}/assignment`, { assignee_id: other.owner.id }), 400, ['assignee_id']);
    expectRefused(await w.edit.c.patch(`/asset/${a}/assignment`, { due_at: 'tomorrow' }), 400, ['due_at']);
    expectRefused(await w.edit.c.patch(`/asset/${a}/assignment`, {}), 400, ['assignee_id']);
    expectRefused(await other.c.get(`/asset/${a}/assignment`), 404);
  });

  it('refuses assignments on library assets and on assets in the trash', async () => {
    const w = await world();
    const lib = await env().factories.project(w.owner.actor, { brandId: w.ws.brandId });
    const [libAsset] = await kit.links(w.c, lib.id, ['Library']);
    expectRefused(await w.c.get(`/asset/${libAsset}/assignment`), 400, ['asset_id']);
    expectRefused(await w.c.patch(`/asset/${libAsset}/assignment`, { due_at: null }), 400, ['asset_id']);
    expectRefused(await w.c.post(`/asset/${libAsset}/checklist`, { content: 'x' }), 400, ['asset_id']);
    expectRefused(await w.c.get(`/project/${lib.id}/checklist-presets`), 400, ['projectId']);
    expectRefused(await w.c.post(`/project/${lib.id}/checklist-presets`, { name: 'P', items: [{ content: 'x' }] }), 400, ['projectId']);
    const [, , trashed] = w.assets;
    expect((await w.c.delete(`/asset/${trashed}`)).status).toBe(200);
    expectRefused(await w.c.get(`/asset/${trashed}/assignment`), 404);
  });

  it('adds, edits, ticks, reorders and deletes checklist items, each an event', async () => {
    const w = await world();
    const [a, b] = w.assets;
    const add = (c: Client, body: Record<string, unknown>) => c.post(`/asset/${a}/checklist`, body);
    ok(await add(w.edit.c, { content: '  Check   colours ' }), 201);
    ok(await add(w.edit.c, { content: 'Check fonts', assigned_user_id: w.view.id }), 201);
    const three = ok(await add(w.edit.c, { content: 'Sign off' }), 201);
    expect(three.checklist.map((i: { content: string }) => i.content)).toEqual(['Check colours', 'Check fonts', 'Sign off']);
    expect(three.checklist[1].assigned_user).toEqual({ id: w.view.id, name: expect.anything() });
    const [i1, i2, i3] = three.checklist.map((i: { id: number }) => i.id);

    const ticked = ok(await w.edit.c.patch(`/checklist-item/${i1}`, { done: true }));
    ok(await w.edit.c.patch(`/checklist-item/${i1}`, { done: true, content: 'Check colours' }));
    expect(ticked.checklist[0]).toMatchObject({ done: true, done_at: expect.any(String) });
    ok(await w.edit.c.patch(`/checklist-item/${i2}`, { content: 'Check the fonts', assigned_user_id: null }));
    const reordered = ok(await w.edit.c.put(`/asset/${a}/checklist/order`, { item_ids: [i3, i1, i2] }));
    expect(reordered.checklist.map((i: { id: number }) => i.id)).toEqual([i3, i1, i2]);
    expect(reordered.checklist[2]).toMatchObject({ content: 'Check the fonts', assigned_user: null });
    const deleted = ok(await w.edit.c.delete(`/checklist-item/${i3}`));
    expect(deleted.checklist.map((i: { id: number }) => i.id)).toEqual([i1, i2]);
    expect((await eventsOf('asset:checklist', [a])).map((e) => e.data.action)).toEqual([
      'add',
      'add',
      'add',
      'tick',
      'edit',
      'reorder',
      'delete',
    ]);

    // VIEW cannot change; an outsider does not see; ids of another asset's checklist are not found.
    expectRefused(await add(w.view.c, { content: 'No' }), 403);
    expectRefused(await w.view.c.patch(`/checklist-item/${i1}`, { done: false }), 403);
    expectRefused(await w.view.c.delete(`/checklist-item/${i1}`), 403);
    expectRefused(await w.outsider.c.patch(`/checklist-item/${i1}`, { done: false }), 404);
    expectRefused(await w.edit.c.patch('/checklist-item/99999999', { done: false }), 404);
    expectRefused(await w.edit.c.put(`/asset/${b}/checklist/order`, { item_ids: [i1, i2] }), 404);
    expectRefused(await w.edit.c.put(`/asset/${a}/checklist/order`, { item_ids: [i1] }), 400, ['item_ids']);
    expectRefused(await add(w.edit.c, { content: '   ' }), 400, ['content']);
    expectRefused(await add(w.edit.c, { content: 'x'.repeat(501) }), 400, ['content']);
    expectRefused(await add(w.edit.c, { content: 'Who', assigned_user_id: w.outsider.id }), 400, ['assigned_user_id']);
    expectRefused(await w.edit.c.patch(`/checklist-item/${i1}`, {}), 400, ['content']);
  });

  it('keeps a checklist to 100 items', async () => {
    const w = await world();
    const [a] = w.assets;
    const preset = ok(
      await w.edit.c.post(`/project/${w.ws.id}/checklist-presets`, {
        name: 'Hundred',
        items: Array.from({ length: 99 }, (_, i) => ({ content: `Item ${i + 1}` })),
      }),
      201,
    );
    ok(await w.edit.c.post(`/checklist-preset/${preset.id}/apply`, { asset_ids: [a] }));
    ok(await w.edit.c.post(`/asset/${a}/checklist`, { content: 'Item 100' }), 201);
    expectRefused(await w.edit.c.post(`/asset/${a}/checklist`, { content: 'Item 101' }), 400, ['content']);
    expectRefused(await w.edit.c.post(`/checklist-preset/${preset.id}/apply`, { asset_ids: [a] }), 400, ['asset_ids']);
    expect(ok(await w.view.c.get(`/asset/${a}/assignment`)).checklist).toHaveLength(100);
  });

  it('creates, edits, applies and deletes checklist presets', async () => {
    const w = await world();
    const [a, b] = w.assets;
    const made = ok(
      await w.edit.c.post(`/project/${w.ws.id}/checklist-presets`, {
        name: 'Print review',
        items: [{ content: 'Bleed' }, { content: 'Colour profile', assigned_user_id: w.view.id }],
      }),
      201,
    );
    expect(made).toMatchObject({
      project_id: w.ws.id,
      name: 'Print review',
      items: [
        { content: 'Bleed', assigned_user: null },
        { content: 'Colour profile', assigned_user: { id: w.view.id } },
      ],
    });
    const renamed = ok(await w.edit.c.patch(`/checklist-preset/${made.id}`, { name: 'Print' }));
    expect(renamed.name).toBe('Print');
    expect(ok(await w.view.c.get(`/project/${w.ws.id}/checklist-presets`))).toEqual([renamed]);

    ok(await w.edit.c.post(`/asset/${a}/checklist`, { content: 'First' }), 201);
    expect(ok(await w.edit.c.post(`/checklist-preset/${made.id}/apply`, { asset_ids: [a, b] }))).toEqual({
      preset_id: made.id,
      asset_ids: [a, b],
      added: 2,
    });
    const list = ok(await w.view.c.get(`/asset/${a}/assignment`)).checklist;
    expect(list.map((i: { content: string; assigned_user: { id: number } | null }) => [i.content, i.assigned_user?.id ?? null])).toEqual([
      ['First', null],
      ['Bleed', null],
      ['Colour profile', w.view.id],
    ]);
    expect((await eventsOf('asset:checklist', [b])).map((e) => e.data)).toEqual([
      { project_id: w.ws.id, action: 'preset', preset_id: made.id, items: 2 },
    ]);

    // Refusals: VIEW cannot manage or apply; an asset of another project is not found and nothing is added.
    expectRefused(await w.view.c.post(`/project/${w.ws.id}/checklist-presets`, { name: 'X', items: [{ content: 'x' }] }), 403);
    expectRefused(await w.view.c.patch(`/checklist-preset/${made.id}`, { name: 'X' }), 403);
    expectRefused(await w.view.c.post(`/checklist-preset/${made.id}/apply`, { asset_ids: [a] }), 403);
    expectRefused(await w.outsider.c.get(`/project/${w.ws.id}/checklist-presets`), 404);
    expectRefused(await w.outsider.c.delete(`/checklist-preset/${made.id}`), 404);
    const ws2 = await env().factories.project(w.owner.actor, { type: 'WORKSPACE', name: 'Autumn', brandId: w.ws.brandId });
    const [elsewhere] = await kit.links(w.c, ws2.id, ['Elsewhere']);
    expectRefused(await w.c.post(`/checklist-preset/${made.id}/apply`, { asset_ids: [b, elsewhere] }), 404);
    expect(ok(await w.view.c.get(`/asset/${b}/assignment`)).checklist).toHaveLength(2);
    expect(ok(await w.c.get(`/asset/${elsewhere}/assignment`)).checklist).toHaveLength(0);
    expectRefused(
      await w.edit.c.post(`/project/${w.ws.id}/checklist-presets`, {
        name: 'X',
        items: [{ content: 'x', assigned_user_id: w.outsider.id }],
      }),
      400,
      ['items'],
    );
    expectRefused(await w.edit.c.post(`/project/${w.ws.id}/checklist-presets`, { name: 'X', items: [] }), 400, ['items']);
    expectRefused(await w.edit.c.post(`/project/${w.ws.id}/checklist-presets`, { name: '', items: [{ content: 'x' }] }), 400, ['name']);

    ok(await w.edit.c.delete(`/checklist-preset/${made.id}`));
    expect(ok(await w.view.c.get(`/project/${w.ws.id}/checklist-presets`))).toEqual([]);
    // Checklists it filled keep their items.
    expect(ok(await w.view.c.get(`/asset/${b}/assignment`)).checklist).toHaveLength(2);
    expectRefused(await w.edit.c.delete(`/checklist-preset/${made.id}`), 404);
  });

  it('answers the same through GraphQL', async () => {
    const w = await world();
    const [a] = w.assets;
    const gid = encodeBase64Id;
    const created = await w.edit.c.graphql(
      `mutation($p: ID!, $u: ID!) { createWorkflowChecklistPreset(projectId: $p, name: "Launch",
        items: [{ content: "Copy" }, { content: "Legal", assignedUserId: $u }]) { id name items { content assignedUser { id } } } }`,
      { p: gid('Project', w.ws.id), u: gid('User', w.view.id) },
    );
    expect(created.body.errors).toBeUndefined();
    const preset = created.body.data.createWorkflowChecklistPreset;
    expect(preset.items).toEqual([
      { content: 'Copy', assignedUser: null },
      { content: 'Legal', assignedUser: { id: gid('User', w.view.id) } },
    ]);
    const applied = await w.edit.c.graphql(
      'mutation($p: ID!, $a: [ID!]!) { applyWorkflowChecklistPreset(presetId: $p, assetIds: $a) { added } }',
      {
        p: preset.id,
        a: [gid('Asset', a)],
      },
    );
    expect(applied.body.data.applyWorkflowChecklistPreset.added).toBe(2);
    const assigned = await w.edit.c.graphql(
      'mutation($a: ID!, $u: ID!) { updateAssetAssignment(assetId: $a, assigneeId: $u, dueAt: "2030-01-01T00:00:00Z") { dueAt assignee { id } } }',
      { a: gid('Asset', a), u: gid('User', w.edit.id) },
    );
    expect(assigned.body.data.updateAssetAssignment).toEqual({
      dueAt: '2030-01-01T00:00:00.000Z',
      assignee: { id: gid('User', w.edit.id) },
    });
    const read = await w.view.c.graphql(
      'query($a: ID!) { asset(id: $a) { assignee { id } dueAt checklist { id content done assignedUser { id } } } }',
      {
        a: gid('Asset', a),
      },
    );
    expect(read.body.errors).toBeUndefined();
    const asset = read.body.data.asset;
    expect(asset.checklist.map((i: { content: string }) => i.content)).toEqual(['Copy', 'Legal']);
    const tick = await w.edit.c.graphql('mutation($i: ID!) { updateChecklistItem(itemId: $i, done: true) { checklist { done } } }', {
      i: asset.checklist[0].id,
    });
    expect(tick.body.data.updateChecklistItem.checklist.map((i: { done: boolean }) => i.done)).toEqual([true, false]);
    const refused = await w.view.c.graphql('mutation($i: ID!) { deleteChecklistItem(itemId: $i) { assetId } }', {
      i: asset.checklist[0].id,
    });
    expect(gqlStatus(refused)).toBe(403);
    const invalid = await w.edit.c.graphql('mutation($a: ID!, $u: ID!) { updateAssetAssignment(assetId: $a, assigneeId: $u) { dueAt } }', {
      a: gid('Asset', a),
      u: gid('User', w.outsider.id),
    });
    expect(gqlStatus(invalid)).toBe(400);
  });

  it('reminds the assignee once per due date of an asset due within a day, while they still see it', async () => {
    const w = await world();
    const [soon, later, lost] = w.assets;
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const assign = async (asset: number, who: number, due: string) =>
      expect((await w.c.patch(`/asset/${asset}/assignment`, { assignee_id: who, due_at: due })).status).toBe(200);
    await assign(soon, w.view.id, inHours(2));
    await assign(later, w.view.id, inHours(72));
    await assign(lost, w.edit.id, inHours(-1));
    expect((await w.c.delete(`/project/${w.ws.id}/user/${w.edit.id}`)).status).toBe(200);
    const reminders = async (c: Client) =>
      (
        (await c.get('/notifications')).body.data.notifications as {
          type: string;
          asset: { id: number } | null;
          data: { due_at?: string };
        }[]
      ).filter((n) => n.type === 'due_date');
    await remindDueAssets(kit.db());
    await remindDueAssets(kit.db());
    expect(await reminders(w.view.c)).toMatchObject([{ asset: { id: soon } }]);
    expect(await reminders(w.edit.c)).toEqual([]);
    // A new due date reminds again.
    const moved = inHours(5);
    await assign(soon, w.view.id, moved);
    await remindDueAssets(kit.db());
    expect((await reminders(w.view.c)).map((n) => n.data.due_at)).toEqual([new Date(moved).toISOString(), expect.any(String)]);
  });
});
